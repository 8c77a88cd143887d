import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { addMovie } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { t } from '../../i18n';
import './add-movie.css';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

/** Adds a movie to the catalogue by its IMDb id, then goes home. */
export function AddMoviePage() {
  const navigate = useNavigate();
  const [imdbId, setImdbId] = useState('');
  const [error, setError] = useState('');
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: addMovie,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['movies'] });
      navigate('/');
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.answered) setError(failure.message || t('Failed to add movie.'));
      else setError(t('An error occurred.'));
    },
  });
  // Still 'Adding...' after success, until the home page shows.
  const busy = add.isPending || add.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const id = imdbId.trim();
    if (!id) {
      setError(t('IMDB ID is required (e.g., tt0111161).'));
      return;
    }
    setError('');
    add.mutate(id);
  };

  return (
    <div className="add-movie-page">
      <Card title={t('Add New Movie')} className="add-movie-card" pt={{ title: { 'aria-level': 2 } }}>
        <form onSubmit={submit} className="add-movie-form" noValidate>
          <label htmlFor="add-movie-imdb-id">{t('IMDB ID (e.g., tt0111161)')}</label>
          <InputText id="add-movie-imdb-id" value={imdbId} onChange={(e) => setImdbId(e.target.value)} placeholder="tt########" readOnly={busy} autoFocus />
          <div className="add-movie-error" role="alert">
            {error}
          </div>
          {/* Read-only and busy, not disabled, while it is added: a refusal leaves the focus where it was. */}
          <FocusKeepingButton type="submit" label={busy ? t('Adding...') : t('Add Movie')} busy={busy} />
        </form>
      </Card>
    </div>
  );
}
