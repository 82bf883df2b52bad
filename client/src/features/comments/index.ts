/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { CommentItem } from './CommentItem.tsx';
export { Comments } from './Comments.tsx';
export { NewComment } from './NewComment.tsx';
