"""grpcio (C-core) server of the meteorite contract, for proving the project's own client against another
implementation. It serves the records of a MeteoriteLandingList file (protobuf bytes) and prints
"grpcio listening on http://127.0.0.1:PORT". Usage: python3 server.py DESCRIPTORS.pb RECORDS.pb
"""
import signal
import sys
import threading
from concurrent import futures

import grpc

from contract import SERVICE, Contract

contract = Contract(sys.argv[1])
Empty = contract.message("meteorites.v1.EmptyRequest")
Version = contract.message("meteorites.v1.Version")
Record = contract.message("meteorites.v1.MeteoriteLanding")
RecordList = contract.message("meteorites.v1.MeteoriteLandingList")
Status = contract.message("meteorites.v1.StatusResponse")
with open(sys.argv[2], "rb") as file:
    records = RecordList.FromString(file.read())


def stream(request, context):
    for record in records.meteorite_landings:
        yield record


handlers = {
    "GetVersion": grpc.unary_unary_rpc_method_handler(
        lambda request, context: Version(api_version="API Version 1.0"),
        request_deserializer=Empty.FromString, response_serializer=Version.SerializeToString),
    "GetLargePayload": grpc.unary_stream_rpc_method_handler(
        stream, request_deserializer=Empty.FromString, response_serializer=Record.SerializeToString),
    "GetLargePayloadAsList": grpc.unary_unary_rpc_method_handler(
        lambda request, context: records,
        request_deserializer=Empty.FromString, response_serializer=RecordList.SerializeToString),
    "PostLargePayload": grpc.unary_unary_rpc_method_handler(
        lambda request, context: Status(status="SUCCESS", received=len(request.meteorite_landings)),
        request_deserializer=RecordList.FromString, response_serializer=Status.SerializeToString),
}

server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))
port = server.add_insecure_port("127.0.0.1:0")
server.start()
print(f"grpcio listening on http://127.0.0.1:{port}", flush=True)
stopped = threading.Event()
signal.signal(signal.SIGTERM, lambda *_: stopped.set())
stopped.wait()
server.stop(grace=1)
