import type { AdminSettingsChange } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { saveAdminSettings } from '../../api/admin';
import { errorText } from '../../api/client';
import { t } from '../../i18n';
import { adminKeys } from './AdminPage';

/** Saving one part of the site's settings from its form: the change to send, and the note shown once saved. */
export function useSettingSave(change: () => AdminSettingsChange, savedNote: () => string) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => saveAdminSettings(change()),
    onSuccess: (reply) => {
      queryClient.setQueryData(adminKeys.settings, reply);
      setNote(savedNote());
    },
    onError: (error) => setNote(errorText(error, t('Could not save. Please try again.'))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    save.mutate();
  };
  return { saving: save.isPending, note, submit };
}
