export {
  type ConnectStreamOptions,
  connectStream,
  type SpawnHookServerOptions,
  type StreamPair,
  spawnHookServer,
} from "./connect-stream.js";
export { type ConnectWebSocketOptions, connectWebSocket } from "./connect-websocket.js";
export {
  createRemoteHookEngine,
  type RemoteHookEngineOptions,
} from "./create-remote-hook-engine.js";
export { createStreamChannel, type StreamChannelOptions } from "./create-stream-channel.js";
export type { FailMode } from "./create-unavailable-result.js";
export { createWebSocketChannel } from "./create-websocket-channel.js";
export { jsonRpcErrorCodes, remoteMethods } from "./json-rpc-message.js";
export {
  type ConnectChannel,
  ConnectionRefusedError,
  defaultMaxMessageBytes,
  type MessageChannel,
  type MessageListeners,
} from "./message-channel.js";
export {
  remoteProtocolVersion,
  type ServedConnection,
  type ServeHookEngineOptions,
  serveHookEngine,
} from "./serve-hook-engine.js";
export {
  startWebSocketServer,
  type WebSocketHookServer,
  type WebSocketServerOptions,
} from "./start-websocket-server.js";
