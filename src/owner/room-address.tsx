import {
  type ComponentPropsWithRef,
  createContext,
  type MouseEvent,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { roomPath } from './room-views';

/**
 * The room's address inside its one document (docs/decisions/030-room-views.md): a link to a
 * view pushes its path onto the browser's history and shows the view without loading the
 * document again; the back and forward buttons bring the views back (popstate). The address is
 * the only state of where the owner is, so a reload or a shared link opens the same view.
 */
export function useRoomAddress(initial: string) {
  const [path, setPath] = useState(() => roomPath(initial));
  useEffect(() => {
    const follow = () => setPath(roomPath(window.location.pathname));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const go = useCallback((to: string) => {
    if (roomPath(window.location.pathname) !== to) window.history.pushState(null, '', to);
    setPath(to);
    // A new view starts at its top, as a new page would.
    window.scrollTo(0, 0);
  }, []);
  return { path, go };
}

/** How a room link moves to a path: without a room around it (a view alone), as any link does. */
const Navigate = createContext<(path: string) => void>((path) => window.location.assign(path));
export const RoomAddressProvider = Navigate.Provider;

/** Whether a click is the browser's to handle: a new tab or window, a download, a menu. */
const browserHandles = (event: MouseEvent) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey;

/**
 * A link to a view of the room: a real link (open it in a new tab, copy it), which a plain click
 * follows inside the document.
 */
export function RoomLink({
  to,
  onClick,
  ...props
}: Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string }) {
  const navigate = useContext(Navigate);
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (browserHandles(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
