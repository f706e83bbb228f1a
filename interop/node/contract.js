// Loads the project's .proto files with @grpc/proto-loader (no generated code), for the grpc-js peers.
'use strict';
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const root = path.resolve(__dirname, '..', '..');
const options = { keepCase: true, longs: String, enums: String, defaults: false, oneofs: true };

function load(file) {
  return grpc.loadPackageDefinition(protoLoader.loadSync(path.join(root, file), options));
}

const meteorites = load('ModelLibrary/Protos/meteorites.proto').meteorites.v1;
const health = load('GrpcAPI/Protos/health.proto').grpc.health.v1;
const reflection = load('GrpcAPI/Protos/reflection.proto').grpc.reflection.v1;
const service = meteorites.MeteoriteLandingsService.service;

module.exports = { grpc, meteorites, health, reflection, service };
