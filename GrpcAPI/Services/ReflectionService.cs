using Google.Protobuf.Reflection;
using ServiceDescriptor = Google.Protobuf.Reflection.ServiceDescriptor;
using GrpcAPI.Protos.Reflection;
using GrpcWire;

namespace GrpcAPI.Services;

/// <summary>
/// <c>grpc.reflection.v1.ServerReflection</c>: lists the services served and gives the descriptor of any file, or
/// of the file that declares a symbol, with every file it imports, from the descriptors compiled into the server.
/// </summary>
public sealed class ReflectionService
{
    private const int NotFound = (int)StatusCode.NotFound;

    private readonly string[] _serviceNames;
    private readonly Dictionary<string, FileDescriptor> _files = [];
    private readonly Dictionary<string, FileDescriptor> _symbols = [];

    public ReflectionService(IEnumerable<ServiceDescriptor> services)
    {
        var served = services.ToArray();
        _serviceNames = [.. served.Select(service => service.FullName)];
        foreach (var service in served)
        {
            Index(service.File);
        }
    }

    public async Task ServerReflectionInfo(
        IAsyncStreamReader<ServerReflectionRequest> requestStream, IServerStreamWriter<ServerReflectionResponse> responseStream, ServerCallContext context)
    {
        while (await requestStream.MoveNext(context.CancellationToken))
        {
            await responseStream.WriteAsync(Answer(requestStream.Current));
        }
    }

    private ServerReflectionResponse Answer(ServerReflectionRequest request)
    {
        var response = new ServerReflectionResponse { ValidHost = request.Host, OriginalRequest = request };
        switch (request.MessageRequestCase)
        {
            case ServerReflectionRequest.MessageRequestOneofCase.ListServices:
                response.ListServicesResponse = new ListServiceResponse { Service = { _serviceNames.Select(name => new ServiceResponse { Name = name }) } };
                break;
            case ServerReflectionRequest.MessageRequestOneofCase.FileByFilename when _files.TryGetValue(request.FileByFilename, out var file):
                response.FileDescriptorResponse = WithImports(file);
                break;
            case ServerReflectionRequest.MessageRequestOneofCase.FileContainingSymbol when _symbols.TryGetValue(request.FileContainingSymbol, out var file):
                response.FileDescriptorResponse = WithImports(file);
                break;
            case ServerReflectionRequest.MessageRequestOneofCase.AllExtensionNumbersOfType when _symbols.ContainsKey(request.AllExtensionNumbersOfType):
                // proto3 declares no extensions: a known type has none.
                response.AllExtensionNumbersResponse = new ExtensionNumberResponse { BaseTypeName = request.AllExtensionNumbersOfType };
                break;
            case ServerReflectionRequest.MessageRequestOneofCase.None:
                response.ErrorResponse = new ErrorResponse { ErrorCode = (int)StatusCode.InvalidArgument, ErrorMessage = "The request asks for nothing." };
                break;
            default:
                response.ErrorResponse = new ErrorResponse { ErrorCode = NotFound, ErrorMessage = "Not found." };
                break;
        }

        return response;
    }

    /// <summary>The file first, then every file it imports, directly or not, each once.</summary>
    private static FileDescriptorResponse WithImports(FileDescriptor file)
    {
        var response = new FileDescriptorResponse();
        var seen = new HashSet<string>();
        var pending = new Stack<FileDescriptor>([file]);
        while (pending.TryPop(out var next))
        {
            if (seen.Add(next.Name))
            {
                response.FileDescriptorProto.Add(next.SerializedData);
                foreach (var dependency in next.Dependencies)
                {
                    pending.Push(dependency);
                }
            }
        }

        return response;
    }

    private void Index(FileDescriptor file)
    {
        if (!_files.TryAdd(file.Name, file))
        {
            return;
        }

        foreach (var service in file.Services)
        {
            _symbols[service.FullName] = file;
            foreach (var method in service.Methods)
            {
                _symbols[method.FullName] = file;
            }
        }

        foreach (var message in file.MessageTypes)
        {
            IndexMessage(message, file);
        }

        foreach (var enumType in file.EnumTypes)
        {
            _symbols[enumType.FullName] = file;
        }

        foreach (var dependency in file.Dependencies)
        {
            Index(dependency);
        }
    }

    private void IndexMessage(MessageDescriptor message, FileDescriptor file)
    {
        _symbols[message.FullName] = file;
        foreach (var nested in message.NestedTypes)
        {
            IndexMessage(nested, file);
        }

        foreach (var enumType in message.EnumTypes)
        {
            _symbols[enumType.FullName] = file;
        }
    }
}
