import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRMATION_WORD } from '../../../shared/enums.ts';
import { isConfirmationWord } from '../../../shared/organisations/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { NS } from './i18n.ts';

/** Removal confirmation: typing CONFIRMO (upper-cased as typed) enables the button. */
export function ConfirmWord({
  text,
  action,
  pending,
  onConfirm,
  onCancel,
}: {
  text: string;
  action: string;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(NS);
  const [typed, setTyped] = React.useState('');
  return (
    <div className="flex flex-col gap-3" data-testid="confirm-word">
      <p className="text-sm">{text}</p>
      <Input
        aria-label={CONFIRMATION_WORD}
        placeholder={CONFIRMATION_WORD}
        value={typed}
        autoFocus
        onChange={(e) => setTyped(e.target.value.toUpperCase())}
        data-testid="confirm-input"
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('back')}
        </Button>
        <Button
          variant="destructive"
          disabled={!isConfirmationWord(typed) || pending}
          onClick={onConfirm}
          data-testid="confirm-action"
        >
          {pending && <Spinner className="size-4" />}
          {action}
        </Button>
      </div>
    </div>
  );
}
