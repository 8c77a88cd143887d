import type { Dropdown as DropdownComponent, DropdownProps } from 'primereact/dropdown';
import { useEffect, useRef, useState } from 'react';
import { showWhenMounted } from './showWhenMounted';

type DropdownType = typeof DropdownComponent;

let loaded: DropdownType | null = null;
let loading: Promise<DropdownType> | null = null;
/** Stand-ins on the page, told when the code arrives so each becomes the real Dropdown. */
const standIns = new Set<(component: DropdownType) => void>();

/** PrimeReact's Dropdown (with its virtual scroller and transitions), fetched once per page load. */
function loadDropdown(): Promise<DropdownType> {
  loading ??= import('primereact/dropdown').then((module) => {
    loaded = module.Dropdown;
    for (const arrived of standIns) arrived(module.Dropdown);
    return module.Dropdown;
  });
  return loading;
}

/** The Dropdown's own chevron, so the stand-in looks like the real thing. */
const CHEVRON =
  'M7.01744 10.398C6.91269 10.3985 6.8089 10.378 6.71215 10.3379C6.61541 10.2977 6.52766 10.2386 6.45405 10.1641L1.13907 4.84913C1.03306 4.69404 0.985221 4.5065 1.00399 4.31958C1.02276 4.13266 1.10693 3.95838 1.24166 3.82747C1.37639 3.69655 1.55301 3.61742 1.74039 3.60402C1.92777 3.59062 2.11386 3.64382 2.26584 3.75424L7.01744 8.47394L11.769 3.75424C11.9189 3.65709 12.097 3.61306 12.2748 3.62921C12.4527 3.64535 12.6199 3.72073 12.7498 3.84328C12.8797 3.96582 12.9647 4.12842 12.9912 4.30502C13.0177 4.48162 12.9841 4.662 12.8958 4.81724L7.58083 10.1322C7.50996 10.2125 7.42344 10.2775 7.32656 10.3232C7.22968 10.3689 7.12449 10.3944 7.01744 10.398Z';

type Wanted = 'nothing' | 'focus' | 'open';

/**
 * A PrimeReact Dropdown for pages whose first view should not wait for its code (the
 * home page's sort). Until it is used it shows the Dropdown's closed markup with the
 * chosen label; pointing at it fetches the code, and once the code is here every stand-in on
 * the page becomes the real Dropdown, so a later click opens it as PrimeReact does. Focusing a
 * stand-in focuses the real one, and a click or a key opens it as soon as it is here. Options
 * are `{label, value}`.
 */
export function LazyDropdown(props: DropdownProps & { options: { label: string; value: unknown }[]; 'aria-label': string }) {
  const [Dropdown, setDropdown] = useState<DropdownType | null>(() => loaded);
  const real = useRef<DropdownComponent>(null);
  // What a click or key on the stand-in asked for; a new object each time, so the effect runs for each.
  const [wanted, setWanted] = useState<{ want: Wanted }>({ want: 'nothing' });
  // Swapping the element under a pressed button would lose the click; that click opens it instead.
  const pressed = useRef(false);

  useEffect(() => {
    if (Dropdown) return;
    const arrived = (component: DropdownType) => {
      if (!pressed.current) setDropdown(() => component);
    };
    standIns.add(arrived);
    if (loaded) arrived(loaded); // arrived between this render and now
    return () => void standIns.delete(arrived);
  }, [Dropdown]);

  const fetchReal = (want: Wanted) => {
    if (want === 'nothing') return void loadDropdown();
    void loadDropdown().then((component) => {
      setDropdown(() => component);
      setWanted({ want });
    });
  };

  const entered = useRef(false);
  useEffect(() => {
    if (!Dropdown || wanted.want === 'nothing') return;
    if (wanted.want === 'focus') {
      real.current?.focus();
      return;
    }
    return showWhenMounted(
      {
        show: () => {
          real.current?.focus();
          real.current?.show();
        },
        hide: () => real.current?.hide(),
      },
      entered,
    );
  }, [Dropdown, wanted]);

  if (Dropdown) {
    const { onShow } = props;
    return (
      <Dropdown
        ref={real}
        {...props}
        onShow={() => {
          entered.current = true;
          onShow?.();
        }}
      />
    );
  }

  const chosen = props.options.find((option) => option.value === props.value)?.label ?? props.placeholder ?? '';
  return (
    <div
      className={`p-dropdown p-component p-inputwrapper${chosen ? ' p-inputwrapper-filled' : ''} ${props.className ?? ''}`}
      onPointerEnter={() => fetchReal('nothing')}
      onPointerDown={() => (pressed.current = true)}
      onClick={() => {
        pressed.current = false;
        fetchReal('open');
      }}
    >
      <div className="p-hidden-accessible">
        <input
          type="text"
          readOnly
          role="combobox"
          aria-label={props['aria-label']}
          aria-haspopup="listbox"
          aria-expanded="false"
          onFocus={() => fetchReal('focus')}
          onKeyDown={(event) => {
            if (['Enter', ' ', 'ArrowDown', 'ArrowUp', 'Alt'].includes(event.key)) {
              event.preventDefault();
              fetchReal('open');
            }
          }}
        />
      </div>
      <span className="p-dropdown-label p-inputtext">{chosen}</span>
      <div className="p-dropdown-trigger" aria-hidden="true">
        <svg width="14" height="14" viewBox="0 0 14 14" fill="none" className="p-icon p-dropdown-trigger-icon p-clickable">
          <path d={CHEVRON} fill="currentColor" />
        </svg>
      </div>
    </div>
  );
}
