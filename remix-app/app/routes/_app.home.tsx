/**
 * `/home` (SPEC §2): the question list — all, a search's results or one tag's — in one of
 * four orders (a search's results also by relevance, its default), paged, with its count and
 * "Ask a Question"; a search's results show an excerpt with the matched words marked.
 * Server-rendered for visitors and crawlers; live, it watches its rows and new questions and
 * patches its counts in place, with a "N new questions — show" bar (components/live/). A
 * question with an accepted answer shows its answer count on green, an answered one outlined;
 * askers' names carry their reputation. A signed-in reader's watched tags are highlighted and
 * questions in their ignored tags dimmed (issue 42); a tag's list shows the tag's excerpt.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useMemo } from 'react';
import { Link, useLoaderData } from '@remix-run/react';
import { questionListPage, tagMarksOf, tagNamed, type QuestionListScreen } from '@fso/core';
import { mathText } from '@fso/markdown';
import { MathText, withMath } from '~/components/MathText.tsx';
import {
  counted,
  highlighter,
  MSG,
  parseWith,
  QUESTION_ORDERS,
  questionQuerySchema,
  searchTerms,
  type QuestionOrder,
} from '@fso/shared';
import { DeletedNotice } from '~/components/qa/DeletedNotice.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { listDeltas } from '~/components/live/list-deltas.ts';
import { NewItemsBar } from '~/components/live/NewItemsBar.tsx';
import { useDeltas, useReloadAfterReconnect, useWatch } from '~/components/live/useLive.ts';
import { Pager } from '~/components/Pager.tsx';
import { Byline } from '~/components/qa/Byline.tsx';
import { TagList } from '~/components/qa/TagList.tsx';
import { AnswerResults } from '~/components/search/AnswerResults.tsx';
import { Highlighted } from '~/components/search/Highlighted.tsx';
import { pageOffset } from '~/services/http.server.ts';
import { callerOf, getSessionUser } from '~/services/session.server.ts';
import { ToggleForm } from '~/components/mail/ToggleForm.tsx';

const PAGE_SIZE = 20;
const ORDER_LABELS: Record<QuestionOrder, string> = {
  newest: 'Newest',
  unanswered: 'Unanswered',
  active: 'Active',
  mostViewed: 'Most Viewed',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = parseWith(questionQuerySchema, Object.fromEntries(url.searchParams));
  const query = parsed.ok ? parsed.value : {};
  const offset = pageOffset(url, PAGE_SIZE);
  // Only what the list shows: no voter, viewer, answer or comment lists and no tag descriptions;
  // a search's excerpts as plain text, marked by the page (the same function on both sides).
  const listed = await questionListPage(context.ports, { ...query, limit: PAGE_SIZE, offset });
  // A search operator's value the list cannot use (score:lots): the page says why, answered 400.
  const page = listed.ok ? listed.value : NOTHING_LISTED;
  // A tag's page offers its Watch button to a signed-in reader (mail about its new questions),
  // and every list marks the reader's watched and ignored tags.
  const reader = await getSessionUser(request, context);
  const [marks, tag] = await Promise.all([
    tagMarksOf(context.ports, callerOf(context, reader)),
    query.tag ? tagNamed(context.ports, { name: query.tag }) : null,
  ]);
  const watching = reader && query.tag ? hasTag(marks.watched, query.tag) : null;
  const shown = {
    marks,
    tagExcerpt: tag?.ok ? tag.value.description : null,
    questions: page.questions,
    total: page.total,
    totalCapped: page.totalCapped,
    reputations: page.reputations,
    excerpts: page.excerpts,
    answers: page.answers,
    // Titles and excerpts with TeX, rendered as math (issue 42 item 3); an answer's by `a<id>`.
    math: Object.fromEntries(
      [
        ...page.questions.map((q) => ({ key: q._id, title: q.title, text: page.excerpts?.[q._id] })),
        ...(page.answers ?? []).map((a) => ({ key: `a${a._id}`, title: a.title, text: a.excerpt })),
      ].flatMap(({ key, title: titleText, text }) => {
        const title = withMath(titleText, mathText(titleText));
        const excerpt = text === undefined ? null : withMath(text, mathText(text));
        return title || excerpt ? [[key, { title, excerpt }]] : [];
      }),
    ),
    search: query.search ?? '',
    tag: query.tag ?? '',
    watching,
    order: query.order ?? null,
    pageNumber: Math.floor(offset / PAGE_SIZE) + 1,
    pages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
    notice: url.searchParams.get('notice') === 'question-id-missing' ? MSG.questionIdMissing : null,
    refusal: listed.ok ? null : listed.message,
    now: Date.now(),
  };
  return data(shown, { status: listed.ok ? 200 : 400 });
}

const NOTHING_LISTED: QuestionListScreen = {
  questions: [],
  total: 0,
  totalCapped: false,
  reputations: {},
  excerpts: null,
  answers: null,
};

const hasTag = (names: string[], name: string) => names.some((n) => n.toLowerCase() === name.toLowerCase());

/** How a row is marked for the reader: in a watched tag (highlighted) or an ignored one (dimmed). */
function rowMark(tags: { name: string }[], marks: { watched: string[]; ignored: string[] }) {
  if (tags.some((t) => hasTag(marks.watched, t.name))) return 'watched';
  return tags.some((t) => hasTag(marks.ignored, t.name)) ? 'ignored' : null;
}

function heading(search: string, tag: string) {
  if (tag) return tag;
  return search ? 'Search Results' : 'All Questions';
}

export default function HomePage() {
  const loaded = useLoaderData<typeof loader>();
  const { excerpts, reputations, total, totalCapped, search, tag, order, pageNumber, pages, notice, now } = loaded;
  const mark = useMemo(() => highlighter(searchTerms(search)), [search]);
  const initial = useMemo(() => ({ questions: loaded.questions, fresh: [] }), [loaded]);
  const deltas = useMemo(
    () => listDeltas<(typeof loaded.questions)[number]>({ since: now, tag, search }),
    [now, tag, search],
  );
  const { questions, fresh } = useDeltas(initial, deltas);
  useWatch({ list: loaded.questions.map((q) => q._id) });
  useReloadAfterReconnect();
  const activeOrder = order ?? (search ? null : 'newest');
  const noun = loaded.answers ? 'answer' : 'question';
  const href = (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams();
    const all = { search: search || null, tag: tag || null, order, page: null, ...changes };
    for (const [k, v] of Object.entries(all))
      if (v !== null && v !== '' && !(k === 'page' && String(v) === '1')) params.set(k, String(v));
    const qs = params.toString();
    return qs ? `/home?${qs}` : '/home';
  };

  return (
    <section className="home-page">
      {notice || loaded.refusal ? (
        <p className="form-error" role="alert">
          {notice ?? loaded.refusal}
        </p>
      ) : null}
      <DeletedNotice />
      <div className="page-heading">
        <h1>{heading(search, tag)}</h1>
        {tag && loaded.watching !== null ? (
          <ToggleForm
            action={`/tag/${encodeURIComponent(tag)}/watch`}
            on={loaded.watching}
            label={{ on: 'Watching', off: 'Watch tag' }}
          />
        ) : null}
        <Link className="button primary" to="/new/question">
          Ask a Question
        </Link>
      </div>
      {tag ? (
        <p className="tag-excerpt">
          {loaded.tagExcerpt ? `${loaded.tagExcerpt} ` : null}
          <Link to={`/tags/${encodeURIComponent(tag)}`}>About this tag</Link>
        </p>
      ) : null}
      <NewItemsBar count={fresh.length} noun="question" />
      <div className="list-toolbar">
        <p className="muted" id="question-count">
          {totalCapped ? `${total.toLocaleString('en')}+ ${noun}s` : counted(total, noun)}
        </p>
        {loaded.answers ? null : (
          <nav className="order-buttons" aria-label="Order">
            {search ? (
              <Link
                to={href({ order: null })}
                className={activeOrder ? 'button' : 'button active'}
                aria-current={activeOrder ? undefined : 'true'}
              >
                Relevance
              </Link>
            ) : null}
            {QUESTION_ORDERS.map((o) => (
              <Link
                key={o}
                to={href({ order: o })}
                className={o === activeOrder ? 'button active' : 'button'}
                aria-current={o === activeOrder ? 'true' : undefined}
              >
                {ORDER_LABELS[o]}
              </Link>
            ))}
          </nav>
        )}
      </div>
      {loaded.answers ? (
        <AnswerResults
          answers={loaded.answers}
          math={loaded.math}
          mark={mark}
          reputations={reputations}
          now={now}
          empty={pageNumber > pages ? null : 'No answers found.'}
        />
      ) : questions.length === 0 ? (
        pageNumber > pages ? null : (
          <p className="empty">{MSG.noQuestions}</p>
        )
      ) : (
        <ul className="question-list">
          {questions.map((q) => {
            const excerpt = excerpts?.[q._id];
            const math = loaded.math[q._id];
            const marked = rowMark(q.tags, loaded.marks);
            return (
              <li key={q._id} className={marked ? `question-summary ${marked}` : 'question-summary'}>
                <div className="stats muted">
                  <span>{counted(q.score, 'vote')}</span>
                  <span
                    className={
                      q.acceptedAnswer
                        ? 'answers-stat accepted'
                        : q.answerCount > 0
                          ? 'answers-stat answered'
                          : 'answers-stat'
                    }
                    title={q.acceptedAnswer ? 'has an accepted answer' : undefined}
                  >
                    {q.acceptedAnswer ? <span aria-label="accepted">✓ </span> : null}
                    {counted(q.answerCount, 'answer')}
                  </span>
                  <span>{counted(q.viewCount, 'view')}</span>
                </div>
                <div className="summary-main">
                  <Link className="question-title" to={`/question/${q._id}`}>
                    {math?.title ? (
                      <MathText text={q.title} math={math.title} />
                    ) : excerpt === undefined ? (
                      q.title
                    ) : (
                      <Highlighted segments={mark(q.title)} />
                    )}
                  </Link>
                  {excerpt === undefined ? null : (
                    <p className="search-excerpt">
                      {math?.excerpt ? (
                        <MathText text={excerpt} math={math.excerpt} />
                      ) : (
                        <Highlighted segments={mark(excerpt)} />
                      )}
                    </p>
                  )}
                  <TagList tags={q.tags} marks={loaded.marks} />
                  <Byline
                    user={q.askedBy}
                    verb="asked"
                    date={q.askDateTime}
                    now={now}
                    reputation={q.askedBy ? reputations[q.askedBy] : undefined}
                    avatar
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={pageNumber} pages={pages} href={(n) => href({ page: n })} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? heading(data.search, data.tag) : 'All Questions'} — Fake Stack Overflow` },
  { name: 'description', content: 'Questions and answers from the Fake Stack Overflow community.' },
  ...(data?.search ? [{ name: 'robots', content: 'noindex' }] : []),
];

export const ErrorBoundary = routeErrorBoundary({ failed: MSG.questionsFetchError });
