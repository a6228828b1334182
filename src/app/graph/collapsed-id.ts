/** The id of a collapsed run's node (collapse.ts), named by its first member. Apart so the graph's
 * navigation can name one without loading the collapsing code. */
export const collapsedId = (firstMember: string): string => `collapsed:${firstMember}`;
