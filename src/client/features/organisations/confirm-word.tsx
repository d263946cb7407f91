import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRMATION_WORD } from '../../../shared/enums.ts';
import { isConfirmationWord } from '../../../shared/organisations/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { NS } from './i18n.ts';

/**
 * Removal confirmation: typing CONFIRMO (upper-cased as typed) enables the button; with `word`,
 * typing that word exactly (a company group's name before its deletion).
 */
export function ConfirmWord({
  text,
  action,
  pending,
  word,
  onConfirm,
  onCancel,
}: {
  text: string;
  action: string;
  pending: boolean;
  word?: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(NS);
  const [typed, setTyped] = React.useState('');
  const confirmed = word === undefined ? isConfirmationWord(typed) : typed.trim() === word.trim();
  return (
    <div className="flex flex-col gap-3" data-testid="confirm-word">
      <p className="text-sm">{text}</p>
      <Input
        aria-label={word ?? CONFIRMATION_WORD}
        placeholder={word ?? CONFIRMATION_WORD}
        value={typed}
        autoFocus
        onChange={(e) => setTyped(word === undefined ? e.target.value.toUpperCase() : e.target.value)}
        data-testid="confirm-input"
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('back')}
        </Button>
        <Button
          variant="destructive"
          disabled={!confirmed || pending}
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
