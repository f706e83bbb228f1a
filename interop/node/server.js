// grpc-js server of the meteorite contract, for proving the project's own client against another implementation.
// It serves the records of a MeteoriteLandingList file (protobuf bytes) and prints "grpc-js listening on HOST:PORT".
// Usage: node server.js CONTRACT.pb RECORDS.pb
'use strict';
const fs = require('fs');
const { grpc, meteorites, service } = require('./contract').load(process.argv[2]);

const list = service.GetLargePayloadAsList.responseDeserialize(fs.readFileSync(process.argv[3]));
const records = list.meteorite_landings || [];

// The records a large GET asks for: all, or the first `limit` (1 to all; otherwise INVALID_ARGUMENT).
function first(call) {
  const limit = call.request.limit;
  if (limit === undefined || limit === null) {
    return records;
  }
  if (limit < 1 || limit > records.length) {
    throw Object.assign(new Error(`limit must be between 1 and ${records.length}`), { code: grpc.status.INVALID_ARGUMENT });
  }
  return records.slice(0, limit);
}

const server = new grpc.Server();
server.addService(service, {
  GetVersion: (call, callback) => callback(null, { api_version: 'API Version 1.0' }),
  GetLargePayload: (call) => {
    let selected;
    try {
      selected = first(call);
    } catch (error) {
      call.emit('error', error);
      return;
    }
    for (const record of selected) {
      if (call.cancelled) {
        return;
      }
      call.write(record);
    }
    call.end();
  },
  GetLargePayloadAsList: (call, callback) => {
    try {
      callback(null, { meteorite_landings: first(call) });
    } catch (error) {
      callback(error);
    }
  },
  PostLargePayload: (call, callback) =>
    callback(null, { status: 'SUCCESS', received: (call.request.meteorite_landings || []).length }),
});
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) {
    process.stderr.write(`grpc-js server failed to bind: ${error}\n`);
    process.exit(1);
  }
  process.stdout.write(`grpc-js listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.tryShutdown(() => process.exit(0)));
