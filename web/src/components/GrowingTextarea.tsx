import { InputTextarea, type InputTextareaProps } from 'primereact/inputtextarea';

/**
 * PrimeReact's InputTextarea that grows with its text. Growing measures the box, which lays out
 * the whole page at once; an empty box keeps its rows, so a form does that only once there is text.
 */
export function GrowingTextarea(props: Omit<InputTextareaProps, 'autoResize'>) {
  return <InputTextarea {...props} autoResize={Boolean(props.value)} />;
}
