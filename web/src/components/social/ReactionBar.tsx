import { REACTION_NAMES, REACTIONS, type Reaction, type ReactionCounts } from '@movieclub/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { type ReactionTarget, setReaction } from '../../api/social';
import { t } from '../../i18n';
import './social.css';

const names = (): Record<Reaction, string> => ({
  thumbs_up: t('thumbs up'),
  heart: t('heart'),
  laugh: t('laughing'),
  scream: t('screaming'),
  mind_blown: t('mind blown'),
  popcorn: t('popcorn'),
});

/** One toggle per reaction with its count; the caller's own are pressed. Visitors see the counts only. */
export function ReactionBar({ target, initial, signedIn }: { target: ReactionTarget; initial: ReactionCounts; signedIn: boolean }) {
  const [reactions, setReactions] = useState(initial);
  // Counts read again (after others reacted) replace the ones kept here.
  const [initialRead, setInitialRead] = useState(initial);
  if (initial !== initialRead) {
    setInitialRead(initial);
    setReactions(initial);
  }
  const toggle = useMutation({
    mutationFn: ({ reaction, on }: { reaction: Reaction; on: boolean }) => setReaction(target, reaction, on),
    onSuccess: (reply) => setReactions(reply.reactions),
  });
  const shown = signedIn ? REACTION_NAMES : REACTION_NAMES.filter((name) => (reactions.counts[name] ?? 0) > 0);
  if (shown.length === 0) return null;
  const reactionNames = names();
  return (
    <div className="reaction-bar" role="group" aria-label={t('Reactions')}>
      {shown.map((name) => {
        const count = reactions.counts[name] ?? 0;
        const mine = reactions.mine.includes(name);
        const label = t('{{reaction}}: {{n}}', { reaction: reactionNames[name], n: count });
        return signedIn ? (
          <button
            key={name}
            type="button"
            className={mine ? 'reaction reaction-mine' : 'reaction'}
            aria-pressed={mine}
            aria-label={label}
            title={label}
            // Not disabled while a reaction is saved: that would drop the keyboard's focus.
            aria-busy={toggle.isPending}
            onClick={() => {
              if (!toggle.isPending) toggle.mutate({ reaction: name, on: !mine });
            }}
          >
            <span aria-hidden="true">{REACTIONS[name]}</span>
            {count > 0 && <span className="reaction-count">{count}</span>}
          </button>
        ) : (
          <span key={name} className="reaction" aria-label={label} role="img">
            <span aria-hidden="true">{REACTIONS[name]}</span>
            <span className="reaction-count">{count}</span>
          </span>
        );
      })}
      {toggle.isError && (
        <span className="social-error" role="alert">
          {errorText(toggle.error, t('Could not save your reaction.'))}
        </span>
      )}
    </div>
  );
}
