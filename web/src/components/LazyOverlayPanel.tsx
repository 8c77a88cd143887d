import type { OverlayPanel as OverlayPanelComponent, OverlayPanelProps } from 'primereact/overlaypanel';
import { type RefObject, type SyntheticEvent, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { showWhenMounted } from './showWhenMounted';

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
export function LazyOverlayPanel({ handle, preload, onShow, ...props }: LazyOverlayPanelProps) {
  const [Panel, setPanel] = useState<OverlayPanelType | null>(null);
  const [openRequests, setOpenRequests] = useState(0);
  const panel = useRef<OverlayPanelComponent>(null);
  const pendingTarget = useRef<HTMLElement | null>(null);
  const entered = useRef(false);

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
    const target = pendingTarget.current;
    if (!panel.current || !target) return;
    pendingTarget.current = null;
    return showWhenMounted({ show: () => panel.current?.show(null, target), hide: () => panel.current?.hide() }, entered);
  }, [Panel, openRequests]);

  if (!Panel) return null;
  return (
    <Panel
      ref={panel}
      {...props}
      onShow={() => {
        entered.current = true;
        onShow?.();
      }}
    />
  );
}
