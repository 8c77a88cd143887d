import type { Tooltip as TooltipComponent, TooltipProps } from 'primereact/tooltip';
import { type ButtonHTMLAttributes, useEffect, useRef, useState } from 'react';

type TooltipType = typeof TooltipComponent;

let loading: Promise<TooltipType> | null = null;

function loadTooltip(): Promise<TooltipType> {
  loading ??= import('primereact/tooltip').then((module) => module.Tooltip);
  return loading;
}

interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** A primeicons class, e.g. 'pi pi-heart'. */
  icon: string;
  label?: string;
  rounded?: boolean;
  text?: boolean;
  size?: 'small' | 'large';
  severity?: 'secondary';
  tooltip: string;
  tooltipOptions?: Pick<TooltipProps, 'position' | 'event'>;
}

/**
 * PrimeReact's Button as it renders (same markup and classes, so the theme styles it
 * the same), for buttons on every card and in the header. It leaves out the Button's
 * code, and fetches the Tooltip on the first hover or focus, then shows it at once.
 */
export function LightButton({ icon, label, rounded, text, size, severity, tooltip, tooltipOptions, className, ...rest }: LightButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [Tooltip, setTooltip] = useState<TooltipType | null>(null);
  const showEvents = tooltipOptions?.event === 'both' ? ['mouseenter', 'focus'] : tooltipOptions?.event === 'focus' ? ['focus'] : ['mouseenter'];

  // PrimeReact's Tooltip binds its listeners when it first updates, not when it mounts:
  // render it twice, then replay the hover or focus that fetched it.
  const [rendered, setRendered] = useState(0);
  useEffect(() => {
    if (Tooltip) setRendered((count) => (count === 0 ? 1 : count));
  }, [Tooltip]);
  useEffect(() => {
    const element = button.current;
    if (rendered !== 1 || !element) return;
    if (showEvents.includes('focus') && document.activeElement === element) element.dispatchEvent(new FocusEvent('focus'));
    else if (showEvents.includes('mouseenter') && element.matches(':hover')) element.dispatchEvent(new MouseEvent('mouseenter'));
    setRendered(2);
    // Once, for the first arrival; showEvents follows the props it was fetched with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rendered]);

  const fetchTooltip = () => {
    if (!Tooltip) void loadTooltip().then((component) => setTooltip(() => component));
  };

  const classes = [
    'p-button p-component',
    label ? '' : 'p-button-icon-only',
    rounded ? 'p-button-rounded' : '',
    text ? 'p-button-text' : '',
    size === 'small' ? 'p-button-sm' : size === 'large' ? 'p-button-lg' : '',
    severity ? `p-button-${severity}` : '',
    className ?? '',
  ];
  return (
    <>
      <button
        ref={button}
        type="button"
        className={classes.filter(Boolean).join(' ')}
        onPointerEnter={fetchTooltip}
        onFocus={showEvents.includes('focus') ? fetchTooltip : undefined}
        {...rest}
      >
        <span className={`p-button-icon p-c${label ? ' p-button-icon-left' : ''} ${icon}`} />
        {label && <span className="p-button-label p-c">{label}</span>}
      </button>
      {Tooltip && button.current && <Tooltip target={button.current} content={tooltip} {...tooltipOptions} />}
    </>
  );
}
