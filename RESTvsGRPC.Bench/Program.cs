using RESTvsGRPC.Bench;

return await BenchCommandLine.InvokeAsync(args, Console.Out, Console.Error);
