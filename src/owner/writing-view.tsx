import { useEffect, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import { type PostsAnswer, postsAnswerSchema } from '../../contracts/room/posts';
import { getJson } from '../lib/api-client';
import { HeadRow, numberClass, Problem, problemOf, RoomTable, Section, when } from './room-ui';
import { words } from './words';

type WritingPost = PostsAnswer['posts'][number];

/** What became of a post's newsletter, in the owner's words (here and on the first view). */
export function newsletterLine({ date, newsletter }: WritingPost): string {
  if (!newsletter) return words.writing.notMarked;
  const { state } = words.writing;
  switch (newsletter.state) {
    case 'waiting':
      return newsletter.problem
        ? words.writing.problem(newsletter.problem)
        : state.waiting(when(date));
    case 'made':
      return newsletter.sendAt
        ? state.scheduled(when(newsletter.sendAt))
        : state.draft(when(newsletter.madeAt ?? date));
    default:
      return state[newsletter.state];
  }
}

/** The posts (docs/decisions/028-writing.md): each one's readers, sign-ups and newsletter. */
export function WritingView({ version }: { version: number }) {
  const [writing, setWriting] = useState<PostsAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the posts again.
  useEffect(() => {
    void getJson(`${ownerPaths.api}${roomApi.posts}`, postsAnswerSchema).then((answer) => {
      if (answer.ok) setWriting(answer.data);
      else setProblem(problemOf(answer));
    });
  }, [version]);

  const now = Date.now();
  return (
    <Section id="writing" heading={words.writing.heading}>
      <p className="max-w-prose">{words.writing.lead}</p>
      {problem && <Problem message={problem} />}
      {writing && !writing.kit && (
        <p className="max-w-prose font-semibold">{words.writing.noKit}</p>
      )}
      {writing &&
        (writing.posts.length === 0 ? (
          <p className="text-muted">{words.writing.empty}</p>
        ) : (
          <RoomTable label={words.writing.heading}>
            <HeadRow
              columns={[
                words.writing.post,
                words.writing.date,
                { label: words.writing.views, className: 'text-right' },
                { label: words.writing.signUps, className: 'text-right' },
                words.writing.newsletter,
              ]}
            />
            <tbody>
              {writing.posts.map((post) => (
                <tr key={post.slug} className="border-b border-line align-top">
                  <th scope="row" className="min-w-44 py-2 pr-4 pl-4 text-left font-normal">
                    <a className="underline underline-offset-4" href={post.path}>
                      {post.title}
                    </a>
                  </th>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {Date.parse(post.date) > now
                      ? words.writing.ahead(when(post.date))
                      : when(post.date)}
                  </td>
                  <td className={numberClass}>{post.views}</td>
                  <td className={numberClass}>{post.signUps}</td>
                  <td className="min-w-48 py-2 pr-4 [overflow-wrap:anywhere]">
                    {newsletterLine(post)}
                  </td>
                </tr>
              ))}
            </tbody>
          </RoomTable>
        ))}
    </Section>
  );
}
