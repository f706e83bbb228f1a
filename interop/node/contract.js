// Loads the contract with @grpc/proto-loader (no generated code), for the grpc-js peers: from the FileDescriptorSet
// the tests write (meteorites.proto, and the health and reflection files GrpcAPI serves through grpc-dotnet).
'use strict';
const fs = require('fs');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const options = { keepCase: true, longs: String, enums: String, defaults: false, oneofs: true };

function load(descriptorSetPath) {
  const definition = grpc.loadPackageDefinition(protoLoader.loadFileDescriptorSetFromBuffer(fs.readFileSync(descriptorSetPath), options));
  const meteorites = definition.meteorites.v1;
  return {
    grpc,
    meteorites,
    health: definition.grpc.health.v1,
    reflection: definition.grpc.reflection.v1,
    service: meteorites.MeteoriteLandingsService.service,
  };
}

module.exports = { load };
