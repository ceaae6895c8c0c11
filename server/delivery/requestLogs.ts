import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The User-Agent of the simulator's HTTP calls (server/simulator/client.ts). */
export const SIMULATOR_USER_AGENT = 'ride-admin-simulator';

const simulated = (request: FastifyRequest) => request.headers['user-agent']?.startsWith(SIMULATOR_USER_AGENT) === true;

/**
 * Fastify's request lines, with the simulator's traffic at debug instead of info: `npm start`
 * runs ~150 simulated apps whose calls would bury every staff request and the simulator's own
 * minute report. With `requestsAtInfo: false` (the readable console, server/logging.ts) every
 * request line is at debug. Server errors (5xx) keep their level whoever asked.
 */
export class RequestLogs extends LogController {
  private readonly quiet: (request: FastifyRequest) => boolean;

  constructor(options: { requestsAtInfo?: boolean } = {}) {
    super();
    this.quiet = options.requestsAtInfo === false ? () => true : simulated;
  }

  incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.quiet(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (!error && this.quiet(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply, metadata);
  }

  defaultErrorLog(
    error: Error,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (reply.statusCode < 500 && this.quiet(request)) reply.log.debug({ res: reply, err: error }, error?.message);
    else super.defaultErrorLog(error, request, reply, metadata);
  }
}
