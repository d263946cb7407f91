/**
 * /t/$serial — the page a scanned label opens (issue 11 item 3), phone first (390 px).
 *
 * Anyone sees the public tag card (`equipment.card`: no personal data). A signed-in user also asks
 * for the tag's equipment (`equipment.get`) or, on an unused tag, the register options
 * (`equipment.registerOptions`); a 404/403 there means the tag is another company's or tenant's,
 * and the public card is all they get. The action being done lives in `?action=` so the phone's
 * back gesture returns to the card. Without signal (issue 20) a signed-in user gets the tag from the
 * phone's working set (./offline-tag-page.tsx); `?fix=<id>` reopens a refused record's form.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { ImageOff, LogIn, SearchX, Wrench } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import type { EquipmentStatus, ExpirationStatus } from '../../../shared/equipment/status.ts';
import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { rememberAfterLogin } from '../../lib/after-login.ts';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { errorCode, errorMessage, httpStatus, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { useAuthedImage } from '../catalogue/components.tsx';
import { EquipmentCycles } from '../equipment/cycles-block.tsx';
import { CardEndRows } from './card-end-rows.tsx';
import { cardDates } from './card-dates.ts';
import { normalizeTypedSerial } from './field-rules.ts';
import { HistoryView } from './history-view.tsx';
import { FIELD_NS } from './i18n.ts';
import { InspectForm } from './inspect-form.tsx';
import { MaintainForm } from './maintain-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { ClaimForm, useHasAwaitingTag } from './claim-form.tsx';
import { ReplaceForm } from './replace-form.tsx';
import { OfflineTagPage } from './offline-tag-page.tsx';
import { useOffline } from './offline/banner.tsx';
import { isNetworkFailure, rememberOpenedTag } from './offline/engine.ts';
import { useKeepsOpenForm } from './open-form.ts';
import { OFFLINE_NS } from './offline/i18n.ts';
import { WorkingSetPanel } from './offline/offline-page.tsx';
import { ScanDialogButton } from './scan-button.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { DateWithStatus, STATUS_BORDER, StatusBadge } from './status.tsx';
import {
  ACTIONS,
  type Action,
  ActionButton,
  ActionHeader,
  onlineActions,
  Row,
  Shell,
  SuccessNotice,
  Warning,
} from './field-layout.tsx';

type TagCardData = RouterOutputs['equipment']['card'];
type Equipment = RouterOutputs['equipment']['get'];

/** "Not yours" answers: the public card is all the user gets. */
function isNotYours(err: unknown): boolean {
  const s = httpStatus(err);
  return s === 404 || s === 403;
}

export function FieldTagPage() {
  const { t } = useTranslation(FIELD_NS);
  const { serial: raw } = useParams({ from: '/t/$serial' });
  const { action: rawAction, fix: fixId } = useSearch({ from: '/t/$serial' });
  const serial = normalizeTypedSerial(raw);
  const navigate = useNavigate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { role } = useSession();
  const offline = useOffline();
  const signedIn = role !== null && role !== 'ANONYMOUS';
  // The last success message, for the tag it was said of (a newly scanned tag starts clean).
  const [said, setSaid] = React.useState<{ serial: string; text: string } | null>(null);
  const notice = said?.serial === serial ? said.text : null;

  const card = useQuery({ ...trpc.equipment.card.queryOptions({ serial }), retry: false });
  const registered = card.data?.registered;
  const equipment = useQuery({
    ...trpc.equipment.get.queryOptions({ tag: serial }),
    enabled: signedIn && registered === true,
    retry: false,
  });
  const options = useQuery({
    ...trpc.equipment.registerOptions.queryOptions({ tag: serial }),
    enabled: signedIn && registered === false,
    retry: false,
  });
  const claimable = useHasAwaitingTag(options.data?.companyId);

  // A tag opened online is kept on the phone with its forms, to open and record without signal
  // later even if the working set was never prepared (issue 26 item 11).
  const ownTag = equipment.data ? serial : null;
  const ownAt = equipment.dataUpdatedAt;
  React.useEffect(() => {
    if (ownTag && offline.online) void rememberOpenedTag(ownTag, ownAt);
  }, [ownTag, ownAt, offline.online]);

  // Someone registered the tag since the card was read: read the card again.
  const optionsCode = options.error ? errorCode(options.error) : undefined;
  React.useEffect(() => {
    if (optionsCode === 'TAG_ALREADY_USED') void card.refetch();
  }, [optionsCode, card.refetch]);

  const setAction = React.useCallback(
    (next: Action | undefined) => {
      void navigate({
        to: '/t/$serial',
        params: { serial },
        search: next ? { action: next } : {},
      });
    },
    [navigate, serial],
  );

  const done = React.useCallback(
    async (message: string) => {
      setSaid({ serial, text: message });
      await queryClient.invalidateQueries({ queryKey: trpc.equipment.pathKey() });
      setAction(undefined);
      window.scrollTo({ top: 0 });
    },
    [queryClient, trpc, setAction, serial],
  );

  // Without signal (issue 20) the working set's page (offline, the card's query is paused, not failed).
  const action = ACTIONS.includes(rawAction as Action) ? (rawAction as Action) : undefined;
  const fix = fixId ? offline.records.find((r) => r.id === fixId && r.status === 'refused') : undefined;
  const keepOpenForm = useKeepsOpenForm(action, serial, card.data, options.data);
  if (signedIn && !keepOpenForm && (!offline.online || (card.isError && isNetworkFailure(card.error))))
    return (
      <OfflineTagPage
        serial={serial}
        action={action}
        setAction={setAction}
        onDone={done}
        notice={notice}
        fix={fix}
      />
    );

  // Signed out and offline: the public card needs the server (the query waits, paused, until online).
  if (!offline.online && card.isPending)
    return (
      <Shell>
        <Warning text={t('field.signedOutOffline', { ns: OFFLINE_NS })} />
        <div className="flex justify-center pt-2">
          <ScanDialogButton variant="outline" />
        </div>
      </Shell>
    );
  if (card.isPending) return <CardSkeleton />;
  if (card.isError) {
    const s = httpStatus(card.error);
    if (s === 404 || s === 400) return <NotFound serial={serial} />;
    return (
      <Shell>
        <ErrorPanel message={errorMessage(card.error, t('loadFailed'))} onRetry={() => void card.refetch()} />
      </Shell>
    );
  }

  const own = equipment.data ?? null;
  const opts = options.data ?? null;
  const available = onlineActions(own, opts !== null, claimable);

  if (action && available.includes(action)) {
    const back = () => setAction(undefined);
    return (
      <Shell>
        <ActionHeader action={action} serial={serial} productName={own?.product.name} onBack={back} />
        {action === 'register' && opts && (
          <RegisterForm serial={serial} options={opts} onDone={done} onCancel={back} />
        )}
        {action === 'claim' && opts && (
          <ClaimForm serial={serial} companyId={opts.companyId} onDone={done} onCancel={back} />
        )}
        {action === 'replace' && <ReplaceForm serial={serial} onDone={done} onCancel={back} />}
        {action === 'inspect' && (
          <InspectForm
            serial={serial}
            fix={fix?.kind === 'inspect' ? fix : undefined}
            onDone={done}
            onCancel={back}
          />
        )}
        {action === 'maintain' && (
          <MaintainForm
            serial={serial}
            fix={fix?.kind === 'maintain' ? fix : undefined}
            onDone={done}
            onCancel={back}
          />
        )}
        {action === 'history' && own && <HistoryView serial={serial} />}
      </Shell>
    );
  }

  const loadingMine = signedIn && ((registered && equipment.isPending) || (!registered && options.isPending));
  const foreign =
    signedIn &&
    ((registered && equipment.isError && isNotYours(equipment.error)) ||
      (!registered && options.isError && isNotYours(options.error)));
  const mineFailed =
    signedIn &&
    !foreign &&
    ((registered && equipment.isError) ||
      (!registered &&
        options.isError &&
        optionsCode !== 'TAG_DISABLED' &&
        optionsCode !== 'TAG_ALREADY_USED'));

  return (
    <Shell>
      {notice && <SuccessNotice text={notice} />}
      <TagCard card={card.data} equipment={own} role={signedIn ? (role as Role) : null} />
      {loadingMine && <Skeleton className="h-14 w-full" />}
      {mineFailed && (
        <ErrorPanel
          message={errorMessage(registered ? equipment.error : options.error, t('loadFailed'))}
          onRetry={() => void (registered ? equipment.refetch() : options.refetch())}
        />
      )}
      {own && !own.enabledTag && <Warning text={t('tagDisabledActions')} />}
      {!registered && optionsCode === 'TAG_DISABLED' && <Warning text={t('tagDisabledActions')} />}
      {foreign && (
        <p className="text-center text-sm text-muted-foreground" data-testid="field-foreign">
          {t('notYourCompany')}
        </p>
      )}
      {available.length > 0 && (
        <nav aria-label={t('actionsLabel')} className="grid gap-3" data-testid="field-actions">
          {available.map((a) => (
            <ActionButton key={a} action={a} onClick={() => setAction(a)} />
          ))}
        </nav>
      )}
      {signedIn && offline.ready && !offline.set && <WorkingSetPanel compact />}
      {!signedIn && <SignInPrompt />}
      <div className="flex justify-center pt-2">
        <ScanDialogButton variant="outline" />
      </div>
    </Shell>
  );
}

/** What the card shows: the equipment when it is the user's, else the public card. */
function TagCard({
  card,
  equipment,
  role,
}: {
  card: TagCardData;
  equipment: Equipment | null;
  role: Role | null;
}) {
  const { t } = useTranslation(FIELD_NS);
  const visible = card.cardVisible || equipment !== null;
  const status: EquipmentStatus | null = equipment?.status ?? card.status;
  const { next, due } = cardDates(card, equipment);
  const lastInspection = card.cardVisible
    ? card.lastInspectionDate
    : equipment?.lastInspection
      ? equipment.lastInspection.createdAt.toISOString()
      : null;
  const productName = equipment?.product.name ?? card.productName;
  const isDueDate = equipment ? equipment.product.isDueDate : card.dueDate !== null;

  return (
    <Card
      className={cn('overflow-hidden border-l-8', status ? STATUS_BORDER[status] : 'border-l-transparent')}
      data-testid="tag-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-4 pb-3">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('tag')}</p>
          <h1
            className="font-mono text-2xl font-semibold tracking-wide break-all sm:tracking-wider"
            data-testid="tag-serial"
          >
            {card.serialNumber}
          </h1>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {card.registered && visible && status && <StatusBadge status={status} />}
          {card.registered && card.servicePending && (
            <span
              className="inline-flex items-center gap-1.5 rounded-full border border-transparent bg-secondary-soft px-3 py-1 text-sm font-semibold whitespace-nowrap text-warning"
              title={t('servicePendingHint')}
              data-testid="tag-service-pending"
            >
              <Wrench className="size-4" aria-hidden />
              {t('servicePending')}
              <span className="sr-only">: {t('servicePendingHint')}</span>
            </span>
          )}
        </div>
      </div>

      {!card.registered && (
        <div className="mx-4 mb-4 rounded-lg bg-muted p-4" data-testid="tag-unused">
          <p className="font-semibold">{t('unusedTitle')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('unusedText')}</p>
          {!card.enabled && <p className="mt-2 text-sm font-medium text-destructive">{t('tagDisabled')}</p>}
        </div>
      )}

      {card.registered && !visible && (
        <div className="mx-4 mb-4 rounded-lg bg-muted p-4" data-testid="tag-registered-only">
          <p className="font-semibold">{t('registeredOnly')}</p>
        </div>
      )}

      {card.registered && visible && (
        <>
          <div className="flex items-center gap-3 border-t px-4 py-3">
            <ProductImage
              serial={card.serialNumber}
              card={card}
              equipment={equipment}
              name={productName ?? ''}
              role={role}
            />
            <div className="min-w-0">
              <p className="font-semibold leading-snug" data-testid="tag-product">
                {productName}
              </p>
              {equipment && (
                <p className="text-sm text-muted-foreground">
                  {t('sku')}: {equipment.product.sku}
                </p>
              )}
            </div>
          </div>
          <dl className="divide-y border-t text-sm">
            {equipment?.extraLabel && <Row label={t('extraLabel')} value={equipment.extraLabel} />}
            {equipment?.extraCode && <Row label={t('extraCode')} value={equipment.extraCode} />}
            <Row
              label={t('lastInspection')}
              value={<span className="font-medium tabular-nums">{formatDate(lastInspection)}</span>}
              testId="tag-last-inspection"
            />
            <Row
              label={t('nextInspection')}
              value={
                <DateWithStatus date={next.date} status={next.status as ExpirationStatus} days={next.days} />
              }
              testId="tag-next-inspection"
            />
            {isDueDate && (
              <Row
                label={t('dueDate')}
                value={
                  <DateWithStatus date={due.date} status={due.status as ExpirationStatus} days={due.days} />
                }
                testId="tag-due-date"
              />
            )}
            <CardEndRows sealCode={card.lastSealCode} enabled={card.enabled} />
          </dl>
          {(equipment?.cycles ?? card.cycles).length > 0 && (
            <EquipmentCycles cycles={equipment?.cycles ?? card.cycles} className="border-t p-4" />
          )}
        </>
      )}
    </Card>
  );
}

/**
 * The product image: the public card's own image (GET /web/tags/{serial}/image, no sign-in) when the
 * card is shown; with the card off, a company admin still gets the product's image (an admin call
 * with the bearer token); anyone else the placeholder icon.
 */
function ProductImage({
  serial,
  card,
  equipment,
  name,
  role,
}: {
  serial: string;
  card: TagCardData;
  equipment: Equipment | null;
  name: string;
  role: Role | null;
}) {
  const publicImage = card.cardVisible && card.productHasImage;
  const adminImage =
    !publicImage && equipment?.product.hasImage === true && role !== null && ADMIN_ROLES.includes(role);
  const { url: authedUrl } = useAuthedImage(
    adminImage && equipment
      ? `/web/products/${equipment.product.id}/image?update=${equipment.product.updateDate.getTime()}`
      : null,
  );
  const url = publicImage ? `/web/tags/${encodeURIComponent(serial)}/image` : authedUrl;
  return (
    <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
      {url ? (
        <img src={url} alt={name} className="size-full object-cover" data-testid="tag-product-image" />
      ) : (
        <ImageOff className="size-6 text-muted-foreground" aria-hidden />
      )}
    </span>
  );
}

function SignInPrompt() {
  const { t } = useTranslation(FIELD_NS);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <div className="rounded-xl border bg-card p-4 text-center">
      <p className="text-sm text-muted-foreground">{t('signInHint')}</p>
      <Button
        className="mt-3 h-12 w-full text-base"
        onClick={() => {
          rememberAfterLogin({ to: pathname });
          void navigate({ to: '/' });
        }}
        data-testid="field-sign-in"
      >
        <LogIn className="size-5!" aria-hidden />
        {t('signIn')}
      </Button>
    </div>
  );
}

function NotFound({ serial }: { serial: string }) {
  const { t } = useTranslation(FIELD_NS);
  const navigate = useNavigate();
  return (
    <Shell>
      <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="tag-not-found">
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchX className="size-7" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold">{t('notFoundTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('notFoundText', { serial })}</p>
        <div className="mt-2 grid w-full gap-2">
          <ScanDialogButton className="h-12 w-full text-base" />
          <Button
            variant="outline"
            className="h-12 w-full text-base"
            onClick={() => void navigate({ to: '/' })}
          >
            {t('goHome')}
          </Button>
        </div>
      </Card>
    </Shell>
  );
}

function CardSkeleton() {
  return (
    <Shell>
      <div className="space-y-3 rounded-xl border bg-card p-4" data-testid="tag-card-loading">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </Shell>
  );
}
