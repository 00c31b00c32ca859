import { useEffect, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import {
  type ContentVersion,
  previewSchema,
  publishedSchema,
  type Unpublished,
  type Versions,
  versionsSchema,
} from '../../contracts/owner-publish';
import { roomApi } from '../../contracts/room/api';
import { getJson, postJson } from '../lib/api-client';
import { PublishNewsletters } from './publish-newsletters';
import {
  buttonClass,
  Heading,
  HeadRow,
  Problem,
  quietButtonClass,
  RoomTable,
  Section,
  subheadingClass,
  when,
} from './room-ui';
import { words } from './words';

const api = ownerPaths.api;
const text = words.publish;

/**
 * The Publish view's state and what its buttons do: the versions and newsletters the server
 * reports (loaded when the room opens and when another part of it publishes), which action is
 * working, its outcome, the preview's pages and the late newsletters ticked to send.
 */
function usePublishing(version: number, onChange: () => void) {
  const [versions, setVersions] = useState<Versions | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ page: string; href: string }[]>([]);
  /** The posts dated in the past whose newsletter the owner ticked to send all the same. */
  const [sendLate, setSendLate] = useState<string[]>([]);

  async function load() {
    const answer = await getJson(`${api}${roomApi.versions}`, versionsSchema);
    if (answer.ok) setVersions(answer.data);
    else if (answer.status !== 401) setProblem(answer.error);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the room opens and when another part of it publishes (`version`); later loads follow this view's own actions.
  useEffect(() => {
    void load();
  }, [version]);

  async function act(
    label: string,
    path: string,
    done: (version: ContentVersion) => string,
    body: object = {},
  ) {
    setBusy(label);
    setProblem(null);
    setNotice(null);
    const answer = await postJson(`${api}${path}`, body, publishedSchema);
    if (answer.ok) {
      const { version, notSent } = answer.data;
      const unsent = notSent.map(({ title }) => title);
      setNotice([done(version), ...(unsent.length > 0 ? [text.notSent(unsent)] : [])].join(' '));
      setSendLate([]);
    } else setProblem(answer.error);
    await load();
    onChange();
    setBusy(null);
  }

  async function showPreview() {
    setBusy('preview');
    setProblem(null);
    setNotice(null);
    const answer = await postJson(`${api}${roomApi.preview}`, {}, previewSchema);
    if (answer.ok) setPreview(answer.data.pages);
    else setProblem(answer.error);
    setBusy(null);
  }

  return {
    versions,
    busy,
    problem,
    notice,
    preview,
    sendLate,
    setSendLate,
    showPreview,
    publish: () =>
      act('publish', roomApi.publish, (version) => text.published(version.number), { sendLate }),
    rollBack: (version: ContentVersion) =>
      act(`rollback-${version.id}`, roomApi.rollback(version.id), (published) =>
        text.rolledBack(version.number, published.number),
      ),
  };
}

/**
 * Publish, preview and roll back (server/features/room/publish/router.ts): the working copy the editor
 * saved goes live with one press, every earlier version can come back with another. The first
 * view shows it without the versions (`history`), the Publish view with them.
 */
export function PublishView({
  version,
  onChange,
  history = true,
}: {
  version: number;
  onChange: () => void;
  history?: boolean;
}) {
  const {
    versions,
    busy,
    problem,
    notice,
    preview,
    sendLate,
    setSendLate,
    showPreview,
    publish,
    rollBack,
  } = usePublishing(version, onChange);
  return (
    <Section id="publish" heading={text.heading}>
      {versions && <UnpublishedChanges unpublished={versions.unpublished} />}
      {versions && <ServingNow versions={versions} />}
      {versions && (
        <PublishNewsletters
          newsletters={versions.newsletters}
          sendLate={sendLate}
          onSendLate={setSendLate}
          disabled={busy !== null}
        />
      )}
      {/*
        Once the site's state is in, not before: that state arriving above the buttons would move
        them under the owner's finger (or a test's click).
      */}
      {(versions || problem) && (
        <PublishButtons
          busy={busy}
          onPreview={() => void showPreview()}
          onPublish={() => void publish()}
        />
      )}
      <Problem message={problem} />
      {notice && (
        <p role="status" className="font-semibold">
          {notice}
        </p>
      )}
      {preview.length > 0 && <PreviewLinks pages={preview} />}
      {history && (
        <VersionsTable
          versions={versions}
          disabled={busy !== null}
          onRollBack={(version) => void rollBack(version)}
        />
      )}
    </Section>
  );
}

/** The way to the editor, Preview and Publish, each saying while it works. */
function PublishButtons({
  busy,
  onPreview,
  onPublish,
}: {
  /** What is working: 'preview', 'publish', a rollback, or nothing. */
  busy: string | null;
  onPreview: () => void;
  onPublish: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <a href={ownerPaths.editor} className={quietButtonClass}>
        {words.editor.open}
      </a>
      <button
        type="button"
        className={quietButtonClass}
        disabled={busy !== null}
        onClick={onPreview}
      >
        {busy === 'preview' ? text.previewing : text.preview}
      </button>
      <button type="button" className={buttonClass} disabled={busy !== null} onClick={onPublish}>
        {busy === 'publish' ? text.publishing : text.publish}
      </button>
    </div>
  );
}

/**
 * Whether anything saved is not yet on the site, first, so the first view opens with it. Publish
 * stays usable either way: publishing again or after a rollback may be wanted.
 */
function UnpublishedChanges({ unpublished: { count, files } }: { unpublished: Unpublished }) {
  return count === 0 ? (
    <p className="max-w-prose">{text.nothingToPublish}</p>
  ) : (
    <p className="max-w-prose font-semibold [overflow-wrap:anywhere]">
      {text.unpublished(count, files)}
    </p>
  );
}

/** What the site shows now, a version this server could not put live, and the caps used. */
function ServingNow({ versions: { served, failed, usage } }: { versions: Versions }) {
  return (
    <>
      <p className="max-w-prose">{served === 0 ? text.servingBuild : text.serving(served)}</p>
      {failed && (
        <Problem
          message={(failed.retrying ? text.renderRetrying : text.renderGaveUp)(
            failed.number,
            text.renderFailure[failed.reason],
            failed.attempts,
            text.servingWhat(served),
          )}
        />
      )}
      <p className="max-w-prose text-muted">
        {text.usage(usage.files, usage.maxFiles, usage.bytes, usage.maxBytes)}
      </p>
    </>
  );
}

/** The preview's pages, each opened apart from the room. */
function PreviewLinks({ pages }: { pages: { page: string; href: string }[] }) {
  return (
    <nav aria-label={text.previewPages} className="flex flex-col gap-2">
      <p className="font-semibold">{text.previewPages}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {pages.map(({ page, href }) => (
          <li key={page}>
            <a href={href} target="_blank" rel="noopener" className="underline">
              {page}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every version, newest first, each but the live one with its Roll back (asked first). */
function VersionsTable({
  versions,
  disabled,
  onRollBack,
}: {
  versions: Versions | null;
  disabled: boolean;
  onRollBack: (version: ContentVersion) => void;
}) {
  const served = versions?.served ?? 0;
  return (
    <>
      <Heading className={subheadingClass}>{text.versions}</Heading>
      {versions && versions.versions.length === 0 ? (
        <p className="text-muted">{text.noVersions}</p>
      ) : (
        <RoomTable label={text.versions}>
          <HeadRow
            columns={[
              text.version,
              text.when,
              text.who,
              text.changed,
              { label: <span className="sr-only">{text.actions}</span>, className: '' },
            ]}
          />
          <tbody>
            {versions?.versions.map((version) => (
              <tr key={version.id} className="border-t border-line align-top">
                <td className="py-2 pr-4 pl-4 whitespace-nowrap">
                  {version.number}
                  {version.number === served && (
                    <span className="ml-2 rounded-full bg-accent px-2 text-on-accent">
                      {text.live}
                    </span>
                  )}
                </td>
                <td className="py-2 pr-4 whitespace-nowrap">{when(version.createdAt)}</td>
                <td className="py-2 pr-4">{version.owner ?? '—'}</td>
                <td className="min-w-40 py-2 pr-4 [overflow-wrap:anywhere]">
                  {version.action === 'rollback' && version.sourceNumber !== null
                    ? `${text.rolledBackTo(version.sourceNumber)} `
                    : ''}
                  {version.changed.join(', ') || text.nothingChanged}
                </td>
                <td className="py-2 pr-4">
                  {version.number !== served && (
                    <button
                      type="button"
                      className={quietButtonClass}
                      disabled={disabled}
                      aria-label={text.rollBackLabel(version.number)}
                      onClick={() => {
                        if (window.confirm(text.confirmRollBack(version.number))) {
                          onRollBack(version);
                        }
                      }}
                    >
                      {text.rollBack}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </RoomTable>
      )}
    </>
  );
}
