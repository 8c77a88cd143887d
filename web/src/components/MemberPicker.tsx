import type { ViewingMember } from '@movieclub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { useRef, useState } from 'react';
import { queryKeys } from '../api/queryKeys';
import { searchMembers } from '../api/viewings';
import { t } from '../i18n';
import { SUGGESTIONS_KEEP_FOCUS } from './a11y';

interface MemberPickerProps {
  inputId: string;
  value: ViewingMember[];
  onChange(members: ViewingMember[]): void;
  /** Names never suggested (already chosen elsewhere on the form). */
  exclude?: string[];
  placeholder?: string;
  className?: string;
  panelClassName?: string;
}

/** Members chosen by typing part of their name: suggestions from the club, chosen ones as chips. */
export function MemberPicker({ inputId, value, onChange, exclude = [], placeholder = t('Members'), className, panelClassName }: MemberPickerProps) {
  const queryClient = useQueryClient();
  const [suggestions, setSuggestions] = useState<ViewingMember[]>([]);
  // Only the last text typed shows its members: an earlier, slower answer arriving after it is dropped.
  const latest = useRef('');

  const complete = async (event: AutoCompleteCompleteEvent) => {
    const text = event.query.trim();
    latest.current = text;
    try {
      const reply = await queryClient.fetchQuery({ queryKey: queryKeys.members(text), queryFn: ({ signal }) => searchMembers(text, signal) });
      const chosen = new Set([...value.map((member) => member.username), ...exclude].map((name) => name.toLowerCase()));
      if (latest.current === text) setSuggestions(reply.members.filter((member) => !chosen.has(member.username.toLowerCase())));
    } catch {
      if (latest.current === text) setSuggestions([]);
    }
  };

  return (
    // An Escape that closed the suggestions goes no further: in a dialog it would close the dialog too, losing the form.
    <span
      className="member-picker"
      style={{ display: 'contents' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && event.defaultPrevented) event.stopPropagation();
      }}
    >
      <AutoComplete
        inputId={inputId}
        multiple
        value={value}
        suggestions={suggestions}
        completeMethod={complete}
        field="username"
        onChange={(event) => onChange((event.value as ViewingMember[] | null) ?? [])}
        placeholder={value.length === 0 ? placeholder : undefined}
        className={className}
        panelClassName={panelClassName}
        pt={SUGGESTIONS_KEEP_FOCUS}
      />
    </span>
  );
}
