/** One page of a list, and where the next one starts (the admin lists of leads, subscribers and the outbox). */
export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}
