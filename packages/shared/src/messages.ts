/**
 * Every user-facing text fixed by SPEC §5 and §8, letter for letter, in one place so the
 * server, the forms and the tests say exactly the same thing.
 */
import { GAME_TYPES } from '@fso/game-engine';
import { COMMENT_EDIT_MINUTES } from './comment-edit.ts';
import { PRIVILEGES } from './privileges.ts';
import { UNDELETE_DAYS } from './undelete.ts';

export const MSG = {
  credentialsRequired: 'Please enter a username and password',
  passwordsMismatch: 'Passwords do not match',
  oauthEmailRequired: 'Email required for oauth',
  titleEmpty: 'Title cannot be empty',
  titleTooLong: 'Title cannot be more than 100 characters',
  questionTextEmpty: 'Question text cannot be empty',
  invalidHyperlink: 'Invalid hyperlink format.',
  tagsMin: 'Should have at least 1 tag',
  tagsMax: 'Cannot have more than 5 tags',
  tagTooLong: 'New tag length cannot be more than 20',
  answerEmpty: 'Answer text cannot be empty',
  commentEmpty: 'Comment text cannot be empty',
  messageEmpty: 'Message cannot be empty',
  selectUser: 'Please select a user to chat with',
  resetRequired: 'Please enter and confirm your new password.',
  resetMismatch: 'Passwords do not match.',
  loginError: 'Error while logging in',
  signupError: 'Error while signing up',
  oauthError: 'Error while logging in with firebase oauth',
  invalidAuthType: 'Invalid auth type',
  profileFetchError: 'Error fetching user profile',
  resetFailed: 'Failed to reset password.',
  bioFailed: 'Failed to update biography.',
  deleteFailed: 'Failed to delete user.',
  resetOk: 'Password reset successful!',
  confirmCurrentPassword:
    'Confirm your current password to change it (or sign in again and change it within 10 minutes of signing in).',
  currentPasswordWrong: 'Your current password is not correct.',
  bioOk: 'Biography updated!',
  noUserData: 'No user data found. Make sure the username parameter is correct.',
  noUsers: 'No Users Found',
  noQuestions: 'No Questions Found',
  questionIdMissing: 'Question ID is missing.',
  gamesFetchError: 'Error fetching games',
  gameCreateError: 'Error creating game',
  unknownGameType: 'Unknown game type',
  noWinner: 'No winner',
  // Game texts the spec leaves open (docs/decisions/0005-games.md).
  invalidGameType: `Game type must be ${GAME_TYPES.slice(0, -1).join(', ')} or ${GAME_TYPES.at(-1)}.`,
  invalidGameStatus: 'Status must be WAITING_TO_START, IN_PROGRESS or OVER.',
  invalidTheme: 'The theme must be light or dark.',
  gameNotFound: 'Game not found.',
  playerRequired: 'A player ID is required.',
  gameMismatch: 'The move names a different game.',
  invalidMovePayload: 'Invalid move: send {gameID, move: {playerID, gameID, move}}.',
  staleMove: 'Invalid move: the game has changed since you last saw it. Look again and retry.',
  gameServerError: 'The game server could not handle that. Please try again.',
  invalidChatUpdate: 'Invalid chat update type',
  nlHint: 'Hint: hit the search icon or your enter key to search with natural language!',
  nlNoResults: 'No results found.',
  nlUnknownError: 'An unknown error occurred during search',
  // Server texts the spec leaves open (DESIGN "The REST contract").
  notSignedIn: 'You must be signed in to do that.',
  invalidWatch: 'Watch one question ({ question: id }) or a list of at most 100 questions ({ list: [ids] }).',
  notAllowed: 'You are not allowed to do that.',
  usernameTaken: 'That username is already taken.',
  invalidCredentials: 'Invalid username or password.',
  tooManyLogins: 'Too many failed login attempts. Try again later.',
  tooManyRequests: 'You are doing that too often. Please wait a little and try again.',
  tooManyEvents: 'You are sending too much, too fast. Slow down and try again in a moment.',
  userNotFound: 'User not found.',
  malformedJson: 'The request body is not valid JSON.',
  textHasNul: 'Text cannot contain the NUL character (\\u0000).',
  usernameDots: 'Username cannot be only dots',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordCommon: 'That password is one of the most common passwords. Choose one that is harder to guess.',
  bodyTooLarge: 'The request body is too large.',
  usernameTooLong: 'Username cannot be more than 30 characters',
  usernameChars: 'Username may only contain letters, digits, dots, dashes and underscores',
  passwordTooLong: 'Password cannot be more than 200 characters',
  biographyTooLong: 'Biography cannot be more than 1000 characters',
  questionTextTooLong: 'Question text cannot be more than 30000 characters',
  answerTooLong: 'Answer text cannot be more than 30000 characters',
  commentTooLong: 'Comment text cannot be more than 600 characters',
  commentUserRequired: 'Comment must have a username',
  tagChars: 'Tags may only contain letters, digits and the characters + # . - _',
  invalidId: 'That id is not valid.',
  questionNotFound: 'Question not found.',
  /** A GET with an effect fetched as part of another page (an image, a script), not opened (issue 39 item 13). */
  openAsPage: 'Open this link as a page: it does nothing as an image or any other part of a page.',
  answerNotFound: 'Answer not found.',
  tagNotFound: 'Tag not found.',
  // Votes, accepts, edits and deletions (issue 17, docs/decisions/0020).
  ownVote: 'You cannot vote on your own post',
  notYourPost: 'Only the author can do that to this post.',
  onlyAskerAccepts: 'Only the person who asked the question can accept an answer.',
  answerNotOfQuestion: 'That answer does not belong to this question.',
  questionDeletedLive: 'Its author has just deleted this question.',
  questionDeleted: 'Your question was deleted.',
  answerDeleted: 'Your answer was deleted.',
  commentEditTooLate: `A comment can be edited for ${COMMENT_EDIT_MINUTES} minutes after it is posted; this one is older.`,
  editSummaryTooLong: 'Edit summary cannot be more than 300 characters',
  // Undeleting one's own post (issue 42, docs/decisions/0096).
  deletedPostNotFound: 'There is no deleted post of yours here to undelete.',
  undeleteTooLate: `A post can be undeleted for ${UNDELETE_DAYS} days after it was deleted; this one was deleted before that.`,
  undeleteQuestionGone: 'The question this answer belonged to was deleted, so the answer cannot come back.',
  questionUndeleted: 'Your question is back.',
  answerUndeleted: 'Your answer is back.',
  questionHasAnswers: 'This question has answers by others, so it cannot be deleted.',
  commentNotFound: 'Comment not found.',
  // Comment upvotes (issue 42): no downvotes, none on one's own comment.
  ownCommentVote: 'You cannot upvote your own comment.',
  commentUpvotePrivilege: `You need ${PRIVILEGES.commentUpvote} reputation to upvote comments.`,
  invalidAnswerSort: 'Sort must be score, newest or oldest.',
  invalidOrder: 'Order must be newest, unanswered, active or mostViewed.',
  invalidTopk: 'topk must be a whole number from 1 to 20.',
  semanticTextTooLong: 'Search text cannot be more than 500 characters',
  semanticSearchError: 'Error when semantic searching questions',
  semanticSearchBusy: 'Too many searches by meaning right now. Try again in a moment.',
  questionFetchError: 'Error when fetching question by id',
  questionsFetchError: 'Error when fetching or filtering questions',
  questionCreateError: 'Error while creating a new question',
  answerCreateError: 'Error while creating a new answer',
  messageTooLong: 'Message cannot be more than 2000 characters',
  invalidCursor: 'Use a message id for before or after, not both.',
  chatNotFound: 'Chat not found.',
  /** The direct-message composer while no chat is chosen (the SPEC's "Message cannot be empty" stays the posted form's refusal). */
  selectChatFirst: 'Select a chat first',
  chatPairOnly: 'A chat has exactly two participants.',
  chatTooManyMessages: 'A new chat can start with at most 20 messages.',
  tooManyMessages: 'You are sending messages too fast. Try again in a moment.',
  unavailable: 'The service is unavailable right now. Try again in a moment.',
  // External sign-in texts the spec leaves open (docs/decisions/0010-external-sign-in.md).
  oauthStateInvalid:
    'this sign-in link has expired, was already used, or was not started in this browser. Please try again.',
  oauthLinkExpired: 'the request to link accounts has expired. Please sign in again.',
  oauthLinkCancelled: 'Nothing was linked. You can sign in with your password instead.',
  oauthLinkRequired: 'An account with this email already exists. Send linkExisting: true to link this sign-in to it.',
  idTokenRequired: 'An ID token from the identity provider is required (idToken, or an Authorization: Bearer header).',
  idTokenInvalid: 'The ID token could not be verified',
  idTokenMismatch: 'The ID token belongs to a different firebaseId.',
  idTokenUnconfigured: 'ID token sign-in is not configured on this server.',
  idTokenKeysUnavailable: "The identity provider's keys could not be fetched. Try again in a moment.",
  // Production guards (docs/decisions/0012-csrf-origin-check.md, docs/deploy.md).
  crossSiteRefused:
    'Cross-site request refused: this form or request was sent from another site. Go to the site itself and try again.',
  busDegraded:
    'degraded: the event bus between processes does not answer; pages are served and writes stored, but live updates are paused until it is back.',
  databaseUnavailable: 'The database is unavailable right now (it may be restarting). Try again in a moment.',
  shuttingDown: 'This server is restarting. Try again in a moment.',
  // Malformed requests at the edge (remix-app/server/request-shape.ts).
  nulInAddress: 'The address contains a NUL character (%00), which no page or search accepts.',
  badAddress: 'The address is not valid: it contains a malformed %-escape.',
  methodUnsupported: 'This site does not support that HTTP method.',
  badRequest: 'The request could not be understood.',
  serverError: 'Something went wrong on our side. Try again in a moment.',
  formRequired: 'This page takes an HTML form (application/x-www-form-urlencoded or multipart/form-data).',
} as const;

export const userDeleted = (username: string) => `User "${username}" deleted successfully.`;
/** External sign-in texts that name the provider (GitHub, Google). */
export const oauthText = {
  cancelled: (provider: string) => `Sign-in with ${provider} was cancelled. Nothing was changed.`,
  codeRefused: (provider: string) =>
    `${provider} refused the sign-in code (it may have been used already). Please try again.`,
  providerFailed: (provider: string) => `${provider} could not complete the sign-in. Please try again later.`,
  unconfigured: (provider: string) =>
    `${provider} sign-in is not enabled on this site. Please sign in with your username and password.`,
};

export const withReason = (prefix: string, reason?: string) => (reason ? `${prefix}: ${reason}` : prefix);
