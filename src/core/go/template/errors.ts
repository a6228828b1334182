/**
 * The error parse and execute throw, carrying Go's text (`template: values:1: …`). Users compare it
 * with what the Fleet controller reports, so the message is all there is: no cause, no detail.
 */
export class GoTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoTemplateError';
  }
}
