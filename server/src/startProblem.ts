/** A start that cannot go on: one sentence for whoever runs the server, printed without a stack. */
export class StartProblem extends Error {}
