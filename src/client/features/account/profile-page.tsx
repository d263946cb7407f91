import { useMutation } from '@tanstack/react-query';
import { Camera, LoaderCircle, Trash2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { maskPhone } from '../../../shared/masks.ts';
import { profileUpdateSchema } from '../../../shared/account/schemas.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { applyServerErrors, Field, MaskedField, TextField, useAppForm } from '../../components/form/index.ts';
import { Input } from '../../components/ui/input.tsx';
import { DEFAULT_USER_IMAGE } from '../../lib/constants.ts';
import { useLoggedUser, useSession } from '../../lib/session.tsx';
import { errorMessage, restFetch, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { checkPhotoFile, PHOTO_INPUT_MAX_BYTES, shrinkPhoto } from './photo.ts';

/** /profile: name, phone and occupation editable; e-mail and company read-only; the photo. */
export function ProfilePage() {
  const { t } = useTranslation(NS);
  const user = useLoggedUser();
  const { refreshUser } = useSession();
  const trpc = useTRPC();
  const save = useMutation(trpc.account.updateProfile.mutationOptions());
  const values = React.useMemo(
    () => ({ name: user.name, phone: maskPhone(user.phone), occupation: user.occupation ?? '' }),
    [user],
  );
  const form = useAppForm(profileUpdateSchema, values, { mode: 'onChange' });
  const { handleSubmit, formState, reset } = form;
  // A refreshed user (after a save, or a change elsewhere) is the form's new starting point.
  React.useEffect(() => {
    reset(values);
  }, [values, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      await refreshUser();
      toast.success(t('profile.saved'));
    } catch (e) {
      if (!applyServerErrors(form, e)) toast.error(errorMessage(e, t('errors.generic')));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <PhotoCard />
        <Card>
          <CardContent className="pt-6">
            <form
              onSubmit={onSubmit}
              noValidate
              className="grid gap-4 sm:grid-cols-2"
              data-testid="profile-form"
            >
              <TextField
                form={form}
                name="name"
                id="profile-name"
                label={t('fields.name')}
                errorText={() => t('errors.name')}
                autoComplete="name"
                maxLength={100}
              />
              <MaskedField
                form={form}
                name="phone"
                id="profile-phone"
                label={t('fields.phone')}
                optional
                errorText={() => t('errors.phone')}
                mask={maskPhone}
                type="tel"
                inputMode="numeric"
                placeholder="(00) 00000-0000"
              />
              <TextField
                form={form}
                name="occupation"
                id="profile-occupation"
                label={t('fields.occupation')}
                optional
                maxLength={100}
              />
              <Field id="profile-email" label={t('fields.email')} hint={t('profile.readOnly')}>
                <Input value={user.email} readOnly disabled />
              </Field>
              <Field
                id="profile-company"
                label={t('fields.company')}
                hint={t('profile.readOnly')}
                className="sm:col-span-2"
              >
                <Input value={user.companyName ?? user.companyGroupName ?? '—'} readOnly disabled />
              </Field>
              <div className="flex justify-end gap-2 sm:col-span-2">
                <Button
                  variant="outline"
                  onClick={() => reset(values)}
                  disabled={!formState.isDirty || formState.isSubmitting}
                >
                  {t('common:common.cancel')}
                </Button>
                <Button
                  type="submit"
                  disabled={!formState.isDirty || !formState.isValid || formState.isSubmitting}
                  data-testid="profile-save"
                >
                  {formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
                  {formState.isSubmitting ? t('profile.saving') : t('profile.save')}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function PhotoCard() {
  const { t } = useTranslation(NS);
  const user = useLoggedUser();
  const { refreshUser } = useSession();
  const trpc = useTRPC();
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState(false);
  const remove = useMutation(trpc.account.removePhoto.mutationOptions());

  const upload = async (file: File) => {
    const check = checkPhotoFile(file);
    if (check !== 'ok') {
      toast.error(
        check === 'type'
          ? t('profile.photoType')
          : t('profile.photoSize', { mb: PHOTO_INPUT_MAX_BYTES / 1024 / 1024 }),
      );
      return;
    }
    setBusy(true);
    try {
      const blob = await shrinkPhoto(file).catch(() => {
        throw new Error(t('profile.photoType'));
      });
      const form = new FormData();
      form.append('file', blob, file.name);
      await restFetch('/web/logged-user/image/', { method: 'PUT', body: form });
      await refreshUser();
      toast.success(t('profile.photoSaved'));
    } catch (e) {
      toast.error(e instanceof Error && e.message ? errorMessage(e, e.message) : t('errors.generic'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onRemove = async () => {
    setBusy(true);
    try {
      await remove.mutateAsync();
      await refreshUser();
      toast.success(t('profile.photoRemoved'));
    } catch (e) {
      toast.error(errorMessage(e, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('profile.photo')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <img
          src={user.image ?? DEFAULT_USER_IMAGE}
          alt={t('common:common.userPhoto', { name: user.name })}
          className="size-32 rounded-full border object-cover shadow-sm"
          data-testid="profile-photo"
        />
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="profile-photo-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void upload(f);
          }}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Camera aria-hidden />}
            {busy ? t('profile.uploading') : t('profile.changePhoto')}
          </Button>
          {user.image && (
            <Button variant="ghost" size="sm" onClick={() => void onRemove()} disabled={busy}>
              <Trash2 aria-hidden />
              {t('profile.removePhoto')}
            </Button>
          )}
        </div>
        <p className="text-center text-xs text-muted-foreground">{t('profile.photoHint')}</p>
      </CardContent>
    </Card>
  );
}
