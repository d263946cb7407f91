/**
 * Outgoing webhooks in /config-system (issue 18 item 4), for the admin roles: the endpoints (URL,
 * events, enabled; group and provider admins pick the company), the signing secret shown once at
 * creation and at each rotation, and the delivery log (state, attempts, response code, last error,
 * next attempt) with "resend". Operators see nothing of it (the server refuses them too).
 */
import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ListError, useLocalList } from '../../components/list/index.ts';
import { editColumn } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useSession } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointDialog } from './endpoint-dialog.tsx';

import type { EndpointRow, Revealed } from './endpoint-types.ts';

export type { EndpointRow, Revealed };

/** The secret, shown once with a copy button; closing it forgets it. */
function SecretDialog({ revealed, onClose }: { revealed: Revealed; onClose(): void }) {
  const { t } = useTranslation(NS);
  const [copied, setCopied] = React.useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(revealed.secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure context): the text is selectable.
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="webhook-secret-dialog" className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('secretTitle')}</DialogTitle>
          <DialogDescription>{revealed.url}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">{t('secretOnce')}</p>
        {revealed.rotated && <p className="text-sm text-muted-foreground">{t('secretRotated')}</p>}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="webhook-secret">{t('secretLabel')}</Label>
          <div className="flex gap-2">
            <Input
              id="webhook-secret"
              readOnly
              value={revealed.secret}
              className="font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="webhook-secret"
            />
            <Button type="button" variant="outline" onClick={() => void copy()} data-testid="copy-secret">
              <Copy className="size-4" aria-hidden />
              {copied ? t('copied') : t('copy')}
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose} data-testid="secret-done">
            {t('secretDone')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The webhooks card of /config-system (nothing for operators). */
export function WebhooksSettings() {
  const { role } = useSession();
  if (!role || role === 'COMPANY_OPERATOR') return null;
  return <Webhooks />;
}

function Webhooks() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const { role } = useSession();
  const showCompany = role === 'MOBCHECK_ADMIN' || role === 'COMPANY_GROUP_ADMIN';
  const q = useQuery(trpc.webhooks.endpoints.list.queryOptions({ page: 0, pageSize: 100 }));
  const endpoints = q.data?.items ?? [];
  const list = useLocalList(q.data?.items, { loading: q.isPending });
  const [editing, setEditing] = React.useState<EndpointRow | 'new' | null>(null);
  const [revealed, setRevealed] = React.useState<Revealed | null>(null);
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="webhooks-settings">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">{t('title')}</h2>
          <p className="text-sm text-muted-foreground">{t('description')}</p>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="add-webhook">
          {t('add')}
        </Button>
      </div>
      {q.isError && <ListError error={q.error} onRetry={() => q.refetch()} />}
      <DataTable<EndpointRow>
        list={list}
        label={t('title')}
        emptyText={t('empty')}
        rowKey={(r) => r.id}
        onRowClick={(r) => setEditing(r)}
        rowProps={(r) => ({ 'data-url': r.url })}
        columns={[
          {
            id: 'url',
            header: t('url'),
            cell: (r) => (
              <span className="flex flex-col">
                <span className="break-all font-medium">{r.url}</span>
                {r.description && <span className="text-xs text-muted-foreground">{r.description}</span>}
              </span>
            ),
          },
          ...(showCompany
            ? [{ id: 'company', header: t('company'), cell: (r: EndpointRow) => r.companyName ?? '—' }]
            : []),
          {
            id: 'events',
            header: t('events'),
            cell: (r) => (
              <span title={r.events.map((e) => t(`eventNames.${e}`)).join(', ')}>
                {t('eventCount', { count: r.events.length })}
              </span>
            ),
          },
          {
            id: 'enabled',
            header: t('enabled'),
            cell: (r) =>
              r.enabled ? (
                <Badge variant="success">{t('enabled')}</Badge>
              ) : (
                <Badge
                  variant="secondary"
                  title={r.disabledReason === 'GONE' ? t('disabledGone') : undefined}
                >
                  {t('disabled')}
                </Badge>
              ),
          },
          editColumn<EndpointRow>(
            t('editTitle'),
            (r) => r.url,
            (r) => setEditing(r),
          ),
        ]}
      />
      <DeliveryLog endpoints={endpoints} />
      {editing && (
        <EndpointDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={setRevealed}
        />
      )}
      {revealed && <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />}
    </Card>
  );
}
