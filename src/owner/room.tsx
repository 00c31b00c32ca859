import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type OwnerMe, ownerMeSchema, ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import { getJson } from '../lib/api-client';
import { ApplicationsView } from './applications-view';
import { ErasureView } from './erasure-view';
import { ExperimentsView } from './experiments-view';
import { FunnelView } from './funnel-view';
import { LeadsView } from './leads-view';
import { LogView } from './log-view';
import { NeedsYouView } from './needs-you-view';
import { OutboxView } from './outbox-view';
import { PasskeysView } from './passkeys-view';
import { PublishView } from './publish-view';
import { RoomAddressProvider, RoomLink, useRoomAddress } from './room-address';
import { RoomNav } from './room-nav';
import { Problem, Section, ViewHeadingLevel } from './room-ui';
import { type RoomViewId, titleOf, viewAt } from './room-views';
import { words } from './words';
import { WorkshopView } from './workshop-view';
import { WritingView } from './writing-view';

/** What a view may need of the room around it. */
interface RoomState {
  me: OwnerMe | null;
  /** Changes when the owner changed something a view shows (a publish, an erasure). */
  version: number;
  /** Says that the owner changed something: every view shown asks again. */
  changed: () => void;
}

/** Each view of the room (room-views.ts), as the room draws it. */
const views: Record<RoomViewId, (room: RoomState) => ReactNode> = {
  'needs-you': ({ version, changed }) => <NeedsYouView version={version} onChange={changed} />,
  funnel: ({ version }) => <FunnelView version={version} />,
  leads: ({ version }) => <LeadsView version={version} />,
  workshop: ({ version }) => <WorkshopView version={version} />,
  applications: ({ version }) => <ApplicationsView version={version} />,
  experiments: ({ version, changed }) => (
    <ExperimentsView version={version} onPublished={changed} />
  ),
  writing: ({ version }) => <WritingView version={version} />,
  // A publish may queue a post's newsletter, which the writing and the outbox then show.
  publish: ({ version, changed }) => <PublishView version={version} onChange={changed} />,
  outbox: ({ version }) => <OutboxView version={version} />,
  erasure: ({ changed }) => <ErasureView onErased={changed} />,
  passkeys: ({ me, changed }) => <PasskeysView me={me} onChange={changed} />,
  log: ({ version }) => <LogView version={version} />,
};

/**
 * The owner's room once signed in: the navigation beside the view at the address
 * (docs/decisions/030-room-views.md). Moving to another view names it in the tab and puts the
 * focus on its heading, so a screen reader says where the owner now is.
 */
export function Room({ path: initial }: { path: string }) {
  const { path, go } = useRoomAddress(initial);
  const view = viewAt(path);
  const [me, setMe] = useState<OwnerMe | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const main = useRef<HTMLElement>(null);
  const shown = useRef(path);

  const loadMe = useCallback(async () => {
    const details = await getJson(`${ownerPaths.api}${roomApi.me}`, ownerMeSchema);
    // A session that ended meanwhile (signed out elsewhere, revoked): back to the sign-in page.
    if (details.status === 401) return window.location.assign(ownerPaths.signIn);
    if (details.ok) setMe(details.data);
    else setProblem(details.error);
  }, []);
  useEffect(() => {
    void loadMe();
  }, [loadMe]);

  useEffect(() => {
    document.title = titleOf(view);
    // The view the document opened on is where the browser put the owner; a later one is a
    // move inside the document, which the browser does not announce.
    if (shown.current === path) return;
    shown.current = path;
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [path, view]);

  const changed = () => {
    setVersion((version) => version + 1);
    void loadMe();
  };

  return (
    <RoomAddressProvider value={go}>
      {/* Past the navigation to the view: the view's landmark takes the focus. */}
      <a
        href="#room-view"
        className="sr-only rounded-full bg-accent px-5 py-3 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-10"
      >
        {words.nav.skip}
      </a>
      <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
        <RoomNav current={view?.id ?? null} me={me} onProblem={setProblem} />
        <main
          ref={main}
          id="room-view"
          tabIndex={-1}
          className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-5 pt-8 pb-16 outline-none md:px-10 lg:pt-14"
        >
          {problem && <Problem message={problem} />}
          <ViewHeadingLevel>
            {view ? views[view.id]({ me, version, changed }) : <NotFound />}
          </ViewHeadingLevel>
        </main>
      </div>
    </RoomAddressProvider>
  );
}

/** A path under /owner the room has no view at: a mistyped or an old link. */
function NotFound() {
  return (
    <Section id="not-found" heading={words.notFound.heading}>
      <p className="max-w-prose">{words.notFound.lead}</p>
      <p>
        <RoomLink to={ownerPaths.room} className="font-semibold underline underline-offset-4">
          {words.notFound.back}
        </RoomLink>
      </p>
    </Section>
  );
}
