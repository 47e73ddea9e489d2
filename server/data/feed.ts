import type { FeedSource } from '../../core/contracts';

/** A feed's answer before the server says where it came from: everything but `source`. */
export type FeedData<Feed extends { source: FeedSource }> = Omit<Feed, 'source'>;
