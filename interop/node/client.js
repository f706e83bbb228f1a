// grpc-js client: calls a server of the meteorite contract at ADDRESS, checks nothing itself, and prints one JSON
// object of what it saw (values, counts, SHA-256 of the records re-encoded by protobufjs, status codes) for the
// xunit test to compare with the data set. Usage: node client.js CONTRACT.pb 127.0.0.1:PORT
'use strict';
const crypto = require('crypto');
const { grpc, meteorites, health, reflection, service } = require('./contract').load(process.argv[2]);

const address = process.argv[3];
const client = new meteorites.MeteoriteLandingsService(address, grpc.credentials.createInsecure());
const deadline = () => Date.now() + 30000;

const unary = (method, request, options = {}) => new Promise((resolve, reject) =>
  client[method](request, { deadline: deadline(), ...options }, (error, response) => (error ? reject(error) : resolve(response))));
const statusOf = (promise) => promise.then(() => 0, (error) => error.code);
const digest = (records) => crypto.createHash('sha256')
  .update(service.GetLargePayloadAsList.responseSerialize({ meteorite_landings: records })).digest('hex');
const summary = (records) => ({ count: records.length, firstId: records[0]?.id, lastId: records.at(-1)?.id, sha256: digest(records) });

function stream(options = {}, request = {}) {
  return new Promise((resolve, reject) => {
    const records = [];
    const call = client.GetLargePayload(request, { deadline: deadline(), ...options });
    call.on('data', (record) => records.push(record));
    call.on('error', reject);
    call.on('end', () => resolve(records));
  });
}

function listServices() {
  const reflector = new reflection.ServerReflection(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    const call = reflector.ServerReflectionInfo({ deadline: deadline() });
    call.on('data', (response) => {
      resolve(response.list_services_response.service.map((s) => s.name));
      call.end();
    });
    call.on('error', reject);
    call.write({ list_services: '' });
  });
}

function check(service) {
  const checker = new health.Health(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) =>
    checker.Check({ service }, { deadline: deadline() }, (error, response) => (error ? reject(error) : resolve(response.status))));
}

// Bytes that are no protobuf message: a field tag whose varint never ends.
function garbage() {
  return new Promise((resolve) => client.makeUnaryRequest(
    '/meteorites.v1.MeteoriteLandingsService/PostLargePayload',
    () => Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]),
    (buffer) => buffer,
    {},
    { deadline: deadline() },
    (error) => resolve(error ? error.code : 0)));
}

async function main() {
  const result = {};
  result.version = (await unary('GetVersion', {})).api_version;
  const list = (await unary('GetLargePayloadAsList', {})).meteorite_landings;
  result.list = summary(list);
  result.stream = summary(await stream());
  result.limited = {
    list: summary((await unary('GetLargePayloadAsList', { limit: 10 })).meteorite_landings),
    stream: summary(await stream({}, { limit: 10 })),
  };
  const posted = await unary('PostLargePayload', { meteorite_landings: list });
  result.post = { status: posted.status, received: posted.received ?? 0 };
  result.emptyPost = { received: (await unary('PostLargePayload', {})).received ?? 0 };
  result.health = await check('');
  result.services = await listServices();
  const unknown = new grpc.Client(address, grpc.credentials.createInsecure());
  result.errors = {
    unknownMethod: await new Promise((resolve) => unknown.makeUnaryRequest(
      '/meteorites.v1.MeteoriteLandingsService/NoSuchMethod', () => Buffer.alloc(0), (b) => b, {}, { deadline: deadline() },
      (error) => resolve(error ? error.code : 0))),
    streamDeadline1ms: await statusOf(stream({ deadline: Date.now() + 1 })),
    limitOutOfRange: await statusOf(unary('GetLargePayloadAsList', { limit: list.length + 1 })),
    // About 5 MB: past the 4 MiB receive limit.
    oversize: await statusOf(unary('PostLargePayload', { meteorite_landings: Array(50).fill(list).flat() })),
    garbage: await garbage(),
    unknownHealthService: await statusOf(check('no.such.Service')),
  };
  result.after = (await unary('GetVersion', {})).api_version;
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`grpc-js client failed: ${error.stack || error}\n`);
  process.exit(1);
});
