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
LargeRequest = contract.message("meteorites.v1.LargePayloadRequest")
Version = contract.message("meteorites.v1.Version")
Record = contract.message("meteorites.v1.MeteoriteLanding")
RecordList = contract.message("meteorites.v1.MeteoriteLandingList")
Status = contract.message("meteorites.v1.StatusResponse")
with open(sys.argv[2], "rb") as file:
    records = RecordList.FromString(file.read())


def first(request, context):
    """The records a large GET asks for: all, or the first `limit` (1 to all; otherwise INVALID_ARGUMENT)."""
    if not request.HasField("limit"):
        return records.meteorite_landings
    if not 1 <= request.limit <= len(records.meteorite_landings):
        context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"limit must be between 1 and {len(records.meteorite_landings)}")
    return records.meteorite_landings[:request.limit]


def stream(request, context):
    for record in first(request, context):
        yield record


handlers = {
    "GetVersion": grpc.unary_unary_rpc_method_handler(
        lambda request, context: Version(api_version="API Version 1.0"),
        request_deserializer=Empty.FromString, response_serializer=Version.SerializeToString),
    "GetLargePayload": grpc.unary_stream_rpc_method_handler(
        stream, request_deserializer=LargeRequest.FromString, response_serializer=Record.SerializeToString),
    "GetLargePayloadAsList": grpc.unary_unary_rpc_method_handler(
        lambda request, context: RecordList(meteorite_landings=first(request, context)),
        request_deserializer=LargeRequest.FromString, response_serializer=RecordList.SerializeToString),
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
