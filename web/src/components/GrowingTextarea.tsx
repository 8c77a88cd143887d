import { InputTextarea, type InputTextareaProps } from 'primereact/inputtextarea';
import { useEffect, useRef } from 'react';

/**
 * PrimeReact's InputTextarea that grows with its text. Growing measures the box, which lays out
 * the whole page at once; an empty box keeps its rows, so a form does that only once there is text.
 */
export function GrowingTextarea(props: Omit<InputTextareaProps, 'autoResize'>) {
  const box = useRef<HTMLTextAreaElement>(null);
  const empty = !props.value;
  // Emptied by the form (a comment sent, a review saved): back to its rows.
  useEffect(() => {
    if (empty && box.current) box.current.style.height = '';
  }, [empty]);
  return <InputTextarea ref={box} {...props} autoResize={!empty} />;
}
