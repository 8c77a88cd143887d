import type { UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * `mutation.mutate`, refusing a second call until the first is answered. The mutation's own
 * `isPending` comes with the next render: two presses a few milliseconds apart (a double click,
 * Enter twice) both come before it, and would post a comment or a viewing twice.
 */
export function useOnePending<Variables>(mutation: UseMutationResult<unknown, unknown, Variables, unknown>): (variables: Variables) => void {
  const running = useRef(false);
  return (variables) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(variables, {
      onSettled: () => {
        running.current = false;
      },
    });
  };
}
