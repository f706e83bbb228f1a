"""grpcio (C-core) client: calls a server of the meteorite contract and prints one JSON object of what it saw.

It checks nothing itself; the xunit test compares the values, counts, SHA-256 of the records re-encoded by this
protobuf, and status codes with the data set. Usage: python3 client.py DESCRIPTORS.pb 127.0.0.1:PORT
"""
import hashlib
import json
import sys

import grpc

from contract import Contract

contract = Contract(sys.argv[1])
channel = grpc.insecure_channel(sys.argv[2])
Empty = contract.message("meteorites.v1.EmptyRequest")
LargeRequest = contract.message("meteorites.v1.LargePayloadRequest")
Version = contract.message("meteorites.v1.Version")
Record = contract.message("meteorites.v1.MeteoriteLanding")
RecordList = contract.message("meteorites.v1.MeteoriteLandingList")
Status = contract.message("meteorites.v1.StatusResponse")
HealthRequest = contract.message("grpc.health.v1.HealthCheckRequest")
HealthResponse = contract.message("grpc.health.v1.HealthCheckResponse")
ReflectionRequest = contract.message("grpc.reflection.v1.ServerReflectionRequest")
ReflectionResponse = contract.message("grpc.reflection.v1.ServerReflectionResponse")
TIMEOUT = 30


def unary(name, request_type, response_type):
    return channel.unary_unary(contract.method(name), request_serializer=request_type.SerializeToString,
                               response_deserializer=response_type.FromString)


get_version = unary("GetVersion", Empty, Version)
get_list = unary("GetLargePayloadAsList", LargeRequest, RecordList)
post = unary("PostLargePayload", RecordList, Status)
stream = channel.unary_stream(contract.method("GetLargePayload"), request_serializer=LargeRequest.SerializeToString,
                              response_deserializer=Record.FromString)
health_check = channel.unary_unary("/grpc.health.v1.Health/Check", request_serializer=HealthRequest.SerializeToString,
                                   response_deserializer=HealthResponse.FromString)
reflect = channel.stream_stream("/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
                                request_serializer=ReflectionRequest.SerializeToString,
                                response_deserializer=ReflectionResponse.FromString)


def summary(records):
    encoded = RecordList(meteorite_landings=records).SerializeToString()
    return {"count": len(records), "firstId": records[0].id if records else None,
            "lastId": records[-1].id if records else None, "sha256": hashlib.sha256(encoded).hexdigest()}


details = {}


def status_of(call, name=None):
    """The call's status code; under `name`, its details are kept too, for the test to show when a code surprises it."""
    try:
        result = call()
        if hasattr(result, "__iter__") and not isinstance(result, (bytes, str)):
            list(result)
        return 0
    except grpc.RpcError as error:
        if name:
            details[name] = error.details()
        return error.code().value[0]


def raw(path, payload):
    return channel.unary_unary(path, request_serializer=lambda _: payload, response_deserializer=lambda b: b)


def main():
    result = {"version": get_version(Empty(), timeout=TIMEOUT).api_version}
    records = list(get_list(LargeRequest(), timeout=TIMEOUT).meteorite_landings)
    result["list"] = summary(records)
    result["stream"] = summary(list(stream(LargeRequest(), timeout=TIMEOUT)))
    result["limited"] = {"list": summary(list(get_list(LargeRequest(limit=10), timeout=TIMEOUT).meteorite_landings)),
                         "stream": summary(list(stream(LargeRequest(limit=10), timeout=TIMEOUT)))}
    posted = post(RecordList(meteorite_landings=records), timeout=TIMEOUT)
    result["post"] = {"status": posted.status, "received": posted.received}
    result["emptyPost"] = {"received": post(RecordList(), timeout=TIMEOUT).received}
    result["health"] = HealthResponse.ServingStatus.Name(health_check(HealthRequest(service=""), timeout=TIMEOUT).status)
    answer = next(reflect(iter([ReflectionRequest(list_services="")]), timeout=TIMEOUT))
    result["services"] = [service.name for service in answer.list_services_response.service]
    result["errors"] = {
        "unknownMethod": status_of(lambda: raw(contract.method("NoSuchMethod"), b"")(None, timeout=TIMEOUT)),
        "streamDeadline1ms": status_of(lambda: stream(LargeRequest(), timeout=0.001), "streamDeadline1ms"),
        "limitOutOfRange": status_of(lambda: get_list(LargeRequest(limit=len(records) + 1), timeout=TIMEOUT)),
        # About 5 MB: past the 4 MiB receive limit.
        "oversize": status_of(lambda: post(RecordList(meteorite_landings=records * 50), timeout=TIMEOUT)),
        # Bytes that are no protobuf message: a field tag whose varint never ends.
        "garbage": status_of(lambda: raw(contract.method("PostLargePayload"), b"\xff\xff\xff\xff\xff")(None, timeout=TIMEOUT)),
        "unknownHealthService": status_of(lambda: health_check(HealthRequest(service="no.such.Service"), timeout=TIMEOUT)),
    }
    result["errorDetails"] = details
    result["after"] = get_version(Empty(), timeout=TIMEOUT).api_version
    print(json.dumps(result))


if __name__ == "__main__":
    main()
