// grpc-js side of the bench's stall reproduction: ROUNDS rounds of CALLS large GETs (GetLargePayloadAsList), each round
// on a new channel with its own connection, 1 and 8 calls in flight by turns from FIRST_ROUND on; a call unanswered
// after STALL_MS stalls its round, which ends there. WINDOW is the client's HTTP/2 flow-control window (0: grpc-js's
// default). Prints one JSON object: calls answered, rounds, stalled rounds.
// An answer without RECORDS records fails the run. Usage:
// node stalls.js CONTRACT.pb 127.0.0.1:PORT ROUNDS CALLS FIRST_ROUND STALL_MS WINDOW RECORDS
'use strict';
const fs = require('fs');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const [contract, address, rounds, calls, firstRound, stallMs, windowBytes, records] = process.argv.slice(2);
const definition = grpc.loadPackageDefinition(protoLoader.loadFileDescriptorSetFromBuffer(fs.readFileSync(contract), { keepCase: true, longs: String }));
const Service = definition.meteorites.v1.MeteoriteLandingsService;

function call(client) {
  return new Promise((resolve, reject) =>
    client.GetLargePayloadAsList({}, { deadline: Date.now() + Number(stallMs) }, (error, response) => {
      if (!error && response.meteorite_landings.length !== Number(records)) {
        reject(new Error(`an answer held ${response.meteorite_landings.length} records, not ${records}`));
      } else if (!error) {
        resolve(true);
      } else if (error.code === grpc.status.DEADLINE_EXCEEDED) {
        resolve(false);
      } else {
        reject(error);
      }
    }));
}

async function round(index) {
  const options = { 'grpc.use_local_subchannel_pool': 1, ...(Number(windowBytes) > 0 ? { 'grpc-node.flow_control_window': Number(windowBytes) } : {}) };
  const client = new Service(address, grpc.credentials.createInsecure(), options);
  const inFlight = index % 2 === 0 ? 1 : 8;
  let started = 0;
  let answered = 0;
  let stalled = false;
  const caller = async () => {
    while (!stalled && started < Number(calls)) {
      started++;
      if (await call(client)) {
        answered++;
      } else {
        stalled = true;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: inFlight }, caller));
  } finally {
    client.close();
  }
  return { answered, stalled };
}

async function main() {
  const result = { calls: 0, rounds: 0, stalledRounds: 0 };
  for (let index = Number(firstRound); index < Number(firstRound) + Number(rounds); index++) {
    const { answered, stalled } = await round(index);
    result.calls += answered;
    result.rounds++;
    result.stalledRounds += stalled ? 1 : 0;
  }
  process.stdout.write(JSON.stringify(result) + '\n');
}

main().catch((error) => {
  process.stderr.write(`stalls.js failed: ${error.message}\n`);
  process.exit(1);
});
