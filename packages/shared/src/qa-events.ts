/** Live Q&A events (SPEC §4): questionUpdate, answerUpdate, viewsUpdate, commentUpdate, voteUpdate. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QaServerEvents {}
