import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import { type ExperimentStanding, experimentsAnswerSchema } from '../../contracts/room/experiments';
import { outboxAnswerSchema } from '../../contracts/room/outbox';
import { type PostsAnswer, postsAnswerSchema } from '../../contracts/room/posts';
import { getJson } from '../lib/api-client';
import { PublishView } from './publish-view';
import { RoomLink } from './room-address';
import { Heading, Problem, problemOf, Section, when } from './room-ui';
import { viewPath } from './room-views';
import { words } from './words';
import { newsletterLine } from './writing-view';

const text = words.needsYou;

/**
 * The room's first view: what needs the owner now. Publish with what it would send (the Publish
 * view's own control, without the versions), the jobs that could not be sent, the experiments
 * with a result, and the posts dated ahead. Each card links to its feature's view.
 */
export function NeedsYouView({ version, onChange }: { version: number; onChange: () => void }) {
  return (
    <Section id="needs-you" heading={words.views['needs-you']}>
      <p className="max-w-prose text-step-1">{text.lead}</p>
      <div className="rounded-card border border-line bg-field p-5 text-on-field shadow-card md:p-8">
        <PublishView version={version} onChange={onChange} history={false} />
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <FailedJobs version={version} />
        <ExperimentResults version={version} />
        <ComingOut version={version} />
      </div>
    </Section>
  );
}

/** An answer of the room's API, asked again when `version` changes. */
function useAnswer<Schema extends z.ZodType>(path: string, schema: Schema, version: number) {
  const [answer, setAnswer] = useState<z.output<Schema> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the answer again.
  useEffect(() => {
    void getJson(`${ownerPaths.api}${path}`, schema).then((result) => {
      if (result.ok) setAnswer(result.data);
      else setProblem(problemOf(result));
    });
  }, [path, schema, version]);
  return { answer, problem };
}

/** One card of the first view: what it counts, and the way to its feature's view. */
function Card({
  id,
  heading,
  figure,
  problem,
  to,
  link,
  children,
}: {
  id: string;
  heading: string;
  /** What needs the owner, in a few words; null while it is asked, or when nothing does. */
  figure: string | null;
  problem: string | null;
  to: string;
  link: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-card border border-line bg-field p-5 text-on-field"
    >
      <Heading id={id} className="text-step--1 font-semibold uppercase tracking-wider text-muted">
        {heading}
      </Heading>
      {figure && <p className="font-display text-step-3 uppercase leading-none">{figure}</p>}
      {problem && <Problem message={problem} />}
      {children}
      <RoomLink
        to={to}
        className="mt-auto self-start pt-2 font-semibold underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
      >
        {link}
        <span aria-hidden="true"> →</span>
      </RoomLink>
    </section>
  );
}

function FailedJobs({ version }: { version: number }) {
  const { answer, problem } = useAnswer(roomApi.outbox, outboxAnswerSchema, version);
  const failed = answer?.failed ?? 0;
  return (
    <Card
      id="needs-you-outbox"
      heading={text.outbox}
      figure={failed > 0 ? text.failed(failed) : null}
      problem={problem}
      to={viewPath('outbox')}
      link={text.openOutbox}
    >
      {answer && <p className="text-muted">{failed > 0 ? text.failedLead : text.noneFailed}</p>}
    </Card>
  );
}

/**
 * The experiments the owner can act on: a variant with a verdict other than "keep collecting",
 * or a split that has drifted from its plan (which no verdict should be trusted over).
 */
export function withResults(experiments: readonly ExperimentStanding[]) {
  return experiments.flatMap((experiment) => {
    const decided = experiment.variants.filter(
      ({ verdict }) => verdict !== null && verdict !== 'keep collecting',
    );
    return decided.length > 0 || experiment.sampleRatioMismatch ? [{ experiment, decided }] : [];
  });
}

function ExperimentResults({ version }: { version: number }) {
  const { answer, problem } = useAnswer(roomApi.experiments, experimentsAnswerSchema, version);
  const results = withResults(answer ?? []);
  return (
    <Card
      id="needs-you-experiments"
      heading={text.experiments}
      figure={results.length > 0 ? text.withResult(results.length) : null}
      problem={problem}
      to={viewPath('experiments')}
      link={text.openExperiments}
    >
      {answer && results.length === 0 && <p className="text-muted">{text.noResult}</p>}
      {results.length > 0 && (
        <ul className="flex flex-col gap-2">
          {results.map(({ experiment, decided }) => (
            <li key={experiment.name}>
              <span className="font-semibold [overflow-wrap:anywhere]">{experiment.name}</span>
              {decided.map(({ name, verdict }) => (
                <span key={name} className="block">
                  {name}: {verdict && words.experiments.verdicts[verdict]}
                </span>
              ))}
              {experiment.sampleRatioMismatch && (
                <span className="block text-danger">{text.drifted}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The published posts dated after `now`, the soonest first. */
export const postsAhead = (posts: PostsAnswer['posts'], now: number) =>
  posts
    .filter(({ date }) => Date.parse(date) > now)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));

function ComingOut({ version }: { version: number }) {
  const { answer, problem } = useAnswer(roomApi.posts, postsAnswerSchema, version);
  const ahead = postsAhead(answer?.posts ?? [], Date.now());
  return (
    <Card
      id="needs-you-writing"
      heading={text.comingOut}
      figure={ahead.length > 0 ? text.ahead(ahead.length) : null}
      problem={problem}
      to={viewPath('writing')}
      link={text.openWriting}
    >
      {answer && ahead.length === 0 && <p className="text-muted">{text.nothingAhead}</p>}
      {ahead.length > 0 && (
        <ul className="flex flex-col gap-2">
          {ahead.map((post) => (
            <li key={post.slug}>
              <span className="font-semibold">{post.title}</span>
              <span className="block text-step--1">{words.writing.ahead(when(post.date))}</span>
              <span className="block text-step--1 text-muted">{newsletterLine(post)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
