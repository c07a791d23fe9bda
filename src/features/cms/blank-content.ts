/**
 * Whether a version has no text yet: the pages always exist (migration 0011, DESIGN.md §5), empty
 * until written, and visitors are then told so instead of being shown an empty article.
 */
export const isBlankContent = (content: string): boolean => content.trim() === '';
