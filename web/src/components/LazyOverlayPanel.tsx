import type { OverlayPanel as OverlayPanelComponent, OverlayPanelProps } from 'primereact/overlaypanel';
import { type RefObject, type SyntheticEvent, useEffect, useImperativeHandle, useRef, useState } from 'react';

type OverlayPanelType = typeof OverlayPanelComponent;

let loading: Promise<OverlayPanelType> | null = null;

function loadOverlayPanel(): Promise<OverlayPanelType> {
  loading ??= import('primereact/overlaypanel').then((module) => module.OverlayPanel);
  return loading;
}

/** What a popup's opener calls: the OverlayPanel's own toggle and hide. */
export interface PopupHandle {
  toggle(event: SyntheticEvent): void;
  hide(): void;
}

interface LazyOverlayPanelProps extends OverlayPanelProps {
  handle: RefObject<PopupHandle | null>;
  /** Fetches the panel's content code; the panel opens once it and the panel's code are here. */
  preload?: () => Promise<unknown>;
}

/**
 * PrimeReact's OverlayPanel, fetched on the first toggle: cards show popups only when
 * asked, so the page does not load the panel (or its content) before then. Later
 * toggles go straight to the panel.
 */
export function LazyOverlayPanel({ handle, preload, ...props }: LazyOverlayPanelProps) {
  const [Panel, setPanel] = useState<OverlayPanelType | null>(null);
  const [openRequests, setOpenRequests] = useState(0);
  const panel = useRef<OverlayPanelComponent>(null);
  const pendingTarget = useRef<HTMLElement | null>(null);

  useImperativeHandle(handle, () => ({
    toggle(event) {
      if (panel.current) return panel.current.toggle(event, event.currentTarget);
      pendingTarget.current = event.currentTarget as HTMLElement;
      void Promise.all([loadOverlayPanel(), preload?.()]).then(([component]) => {
        setPanel(() => component);
        setOpenRequests((count) => count + 1);
      });
    },
    hide: () => panel.current?.hide(),
  }));

  useEffect(() => {
    if (!panel.current || !pendingTarget.current) return;
    // A panel just mounted puts its portal on the page a render later; shown before that,
    // it would appear without its enter transition, and so without calling onShow.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (!panel.current || !pendingTarget.current) return;
        panel.current.show(null, pendingTarget.current);
        pendingTarget.current = null;
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [Panel, openRequests]);

  return Panel ? <Panel ref={panel} {...props} /> : null;
}
