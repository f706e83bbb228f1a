namespace RESTvsGRPC.Bench.Clients;

/// <summary>Remembers the last response's HTTP version, so the gate can check what a GrpcChannel negotiated.</summary>
public sealed class ResponseVersionRecorder(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    /// <summary>The HTTP version of the last response; null before the first.</summary>
    public Version? LastResponseVersion { get; private set; }

    protected override async Task<HttpResponseMessage> SendAsync(
        HttpRequestMessage request,
        CancellationToken cancellationToken
    )
    {
        var response = await base.SendAsync(request, cancellationToken);
        LastResponseVersion = response.Version;
        return response;
    }
}
