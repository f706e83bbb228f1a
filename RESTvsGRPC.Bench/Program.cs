using RESTvsGRPC.Bench;

return await Orchestrator.RunAsync(args, Console.Out, Console.Error);
