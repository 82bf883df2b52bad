/** What other features, the router and the shell use of this feature; they import nothing else of it. */
export { CommentItem } from './CommentItem.tsx';
export { Comments } from './Comments.tsx';
export { NewComment } from './NewComment.tsx';
