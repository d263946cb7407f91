import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LANGUAGES, type Language } from '../../../shared/enums.ts';
import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import { ListError } from '../../components/list/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { WebhooksSettings } from '../webhooks/webhooks-settings.tsx';
import { NS } from './i18n.ts';

/** The provider admin's platform toggles (configValue 1/0). */
function Toggles() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.config.list.queryOptions());
  const toggle = useMutation(
    trpc.config.toggle.mutationOptions({
      onSuccess: () => {
        toast.success(t('config.updated'));
        return qc.invalidateQueries({ queryKey: trpc.config.list.queryKey() });
      },
      onError: (e) => toast.error(errorMessage(e, t('error'))),
    }),
  );
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="font-semibold">{t('config.toggles')}</h2>
      {q.isPending && <Skeleton className="h-24 w-full" />}
      {q.isError && <ListError error={q.error} onRetry={() => q.refetch()} />}
      {q.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('common:common.emptyList')}</p>
      )}
      {q.data?.map((c) => (
        <div key={c.id} className="flex items-center gap-3">
          <Checkbox
            id={`cfg-${c.id}`}
            checked={c.configValue === '1'}
            disabled={toggle.isPending}
            onCheckedChange={(v) => toggle.mutate({ id: c.id, enabled: v === true })}
            data-testid={`config-toggle-${c.param ?? c.id}`}
          />
          <Label htmlFor={`cfg-${c.id}`}>
            {c.param ? t(`config.params.${c.param}`, { defaultValue: c.title }) : c.title}
          </Label>
        </div>
      ))}
    </Card>
  );
}

/**
 * The current company's public tag card switch (issue 26 item 19), for any admin of it — the
 * company admin has no company form; the group and provider admins also have it there.
 */
function PublicTagCardSetting({ companyId, companyName }: { companyId: number; companyName: string }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.organisations.companies.publicTagCard.queryOptions({ id: companyId }));
  const set = useMutation(
    trpc.organisations.companies.setPublicTagCard.mutationOptions({
      onSuccess: (data) => {
        qc.setQueryData(trpc.organisations.companies.publicTagCard.queryKey({ id: companyId }), data);
        toast.success(t('config.updated'));
        return qc.invalidateQueries({ queryKey: trpc.organisations.companies.pathKey() });
      },
      onError: (e) => toast.error(errorMessage(e, t('error'))),
    }),
  );
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="public-tag-card-setting">
      <h2 className="font-semibold">{t('config.publicTagCard')}</h2>
      {q.isPending && <Skeleton className="h-6 w-full" />}
      {q.isError && <ListError error={q.error} onRetry={() => q.refetch()} />}
      {q.data && (
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-3">
            <Checkbox
              id="config-public-tag-card"
              checked={q.data.publicTagCard}
              disabled={set.isPending}
              onCheckedChange={(v) => set.mutate({ id: companyId, publicTagCard: v === true })}
              aria-describedby="config-public-tag-card-hint"
              data-testid="public-tag-card-toggle"
            />
            <Label htmlFor="config-public-tag-card">
              {t('config.publicTagCardLabel', { company: companyName })}
            </Label>
          </div>
          <p id="config-public-tag-card-hint" className="text-xs text-muted-foreground">
            {t('companies.publicTagCardHint')}
          </p>
        </div>
      )}
    </Card>
  );
}

/** /config-system: general toggles (provider admin) plus the language radio (everyone). */
export function ConfigSystemPage() {
  const { t, i18n } = useTranslation(NS);
  const { role, user } = useSession();
  // The switch of the company the admin is in (a provider admin without a current company has none).
  const companyId = role && ADMIN_ROLES.includes(role as Role) ? (user?.companyId ?? null) : null;
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageHeader title={t('config.title')} description={t('config.description')} />
      {role === 'MOBCHECK_ADMIN' && <Toggles />}
      {companyId !== null && (
        <PublicTagCardSetting companyId={companyId} companyName={user?.companyName ?? ''} />
      )}
      <WebhooksSettings />
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="font-semibold" id="lang-label">
          {t('config.language')}
        </h2>
        <RadioGroup
          aria-labelledby="lang-label"
          value={i18n.language || currentLanguage()}
          onValueChange={(v) => void setLanguage(v as Language)}
        >
          {LANGUAGES.map((l) => (
            <div key={l} className="flex items-center gap-2">
              <RadioGroupItem id={`config-lang-${l}`} value={l} />
              <Label htmlFor={`config-lang-${l}`}>{t(`common:languages.${l}`)}</Label>
            </div>
          ))}
        </RadioGroup>
      </Card>
    </div>
  );
}
