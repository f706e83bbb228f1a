#!/usr/bin/env bash
# The on/off experiments behind the summary's explanations of where two methods differ (docs/results.md, "Why the
# methods differ"), of where the two server builds differ (docs/aot.md), and of what a run's interval covers (docs/benchmark.md). Each runs the bench twice, one candidate cause off then on, everything else equal, and prints the
# figures the summary compares, so the gap can be seen to follow the switch.
#   spin: the servers' CPU per call, trials against h2load, with the thread pool's spin-wait as the runtime has it and
#         with it off in every process (DOTNET_ThreadPool_UnfairSemaphoreSpinLimit=0); short headline runs (3 trials).
#   completions: the same as spin, with the client's socket completions handed to the thread pool (the runtime's
#         default) and run inline on the socket engine's thread in the trial and load-check processes only
#         (--client-completions inline; the servers keep the default); alternating, twice each: whether the servers'
#         CPU per call follows how the client's threads wake, the servers unchanged.
#   loh:  each arm's latency, trials against BenchmarkDotNet, with 85,000-byte arrays on the large-object heap (the
#         runtime's default) and with the threshold at 1 MiB (DOTNET_GCLOHThreshold), so no body array lands there.
#   processes: the small calls' latency in BenchmarkDotNet, and the large GET's by REST + protobuf and gRPC unary, three
#         processes per arm (--launchCount 3; the default run has one), each process's mean per call printed: how far
#         one process's state moves it.
#   slices: load mode's throughput against the trials', each arm's segment in one piece (--slices 1) and in four
#         slices with the arms in turns (--slices 4, the default); two default-length headline runs of each, alternating,
#         load mode's check with nine windows per arm; per arm, load mode's calls/s over the trials' at the same
#         concurrency, and load mode's ratio over the trials'.
#   loadprocesses: load mode's throughput ratios against the trials', the check's nine windows per arm in one client
#         process (--load-processes 1 --load-windows 9) and in nine, one window each (--load-processes 9); short headline
#         runs with nine trials, alternating, twice each; per arm, the trials' ratio and its range over the trial
#         processes, load mode's ratio and its range over its rounds, and how many arms lie within 10 % of the trials'.
#   loadminutes: the same, the check's nine processes all after the trials (--load-processes 9) and one after each
#         trial (--load-between-trials), so that both methods share the same minutes; alternating, twice each.
#   levels: load mode's throughput ratios against the trials', the trials' calls/s taken in each trial at the better of
#         the operation's two concurrencies (each trial's own best, as the trials had it before) and at the one the run
#         chose, the same in every trial (the default now), both from the same trials' windows, against the same check
#         (nine windows per arm in one process); three short headline runs with nine trials. Per arm, the trials' ratio
#         each way, load mode's, and how many arms lie within 10 % of the trials' each way.
#   pause: the same, the trials' slices back to back (the default) and with each trial process idle for 0.2 s after
#         every slice (--slice-pause 0.2), so that what one arm's slice left behind on either CPU is done before the
#         next arm's clock starts; short headline runs with nine trials, load mode's check with nine windows per arm,
#         alternating, twice each.
#   ramp: the same on the large GET's four arms alone (--arms), each throughput slice counted after the default quarter
#         slice (22 ms) and after a second of its closed loop (--ramp 1), as load mode's windows are; alternating,
#         twice each.
#   loadclients: the same on every arm, load mode's check making a fresh client per arm for each window (its default)
#         and keeping one per arm, warmed as a trial's, for all its windows (--load-clients per-process), as a trial
#         keeps its clients; alternating, twice each.
#   loadloop: the same, load mode's check timing its windows by load mode's runner (its default) and by the trials' own
#         closed loop on one client per arm kept for the process (--load-loop trials), in the same windows and order,
#         so that only load mode's schedule still differs from the trials'; alternating, twice each.
#   operations: load mode's throughput against the trials' on the large GET's four arms, the trial processes taking
#         turns over every operation's arms (the default) and over the large GET's four alone (--arms), so the servers
#         and the trial processes see no small call or POST between the large GET's slices; load mode's check runs the
#         same arms either way; short headline runs with nine trials, nine windows per arm, alternating, twice each.
#   slicecollect: the same on every arm, each trial process's slices back to back (--slice-collect off, the default
#         before) and with a full blocking collection after every slice, outside the timed window (the default now), as
#         BenchmarkDotNet makes between iterations, so that no slice pays for collecting what other arms' slices left on
#         the trial process's heap; alternating, twice each.
#   loadwindows: load mode's throughput ratios against the trials' by how many windows load mode's check takes per arm:
#         two headline runs of the default length with 18 rounds of one window per arm in one process (--load-processes 1 --load-windows 18), each arm's
#         load ratio taken from all 18 rounds, from each half (9) and from each disjoint three (the default's count, which the default spreads over three processes), all
#         against the same trials; per count, how many arms lie within 10 % of the trials' and how many within what the two
#         methods' sampling allows (twice the combined standard error of the two medians, each method's spread pooled over
#         the arms, as the summary computes it), so the gap can be seen to follow the number of windows.
#   batchlength: BenchmarkDotNet on REST + protobuf's and gRPC's POST in batches of 25, 100 and 400 calls
#         (RESTVSGRPC_BATCH_SIZES, which the benchmark processes read; the default run has 100 and 200), two processes each
#         (--launchCount 2): whether a
#         call's time follows the length of the run of calls it is timed in, beside how far one process moves it.
#   servers: BenchmarkDotNet's small GET against servers just started, then against the same servers after a short
#         headline (the trials' saturation windows and load mode's check), twice; the servers are started here and
#         given to the bench by URL, client and servers pinned as in a default run. Prints each case's time per call:
#         how far one process moves a small call, fresh servers or used (the latency table's "within sampling").
#   windows: each arm's latency in the trials with the throughput windows at the default concurrencies, and with every
#         window at one call in flight (--in-flight small=1,large=1,post=1), so no trial process ever holds more than one
#         call per arm; short headline runs (3 trials), alternating, twice each.
#   forcedgc: BenchmarkDotNet on REST + JSON's large GET, both REST POSTs and the codec floor's large round trips, with
#         a full collection before each iteration (--forced-collections, BenchmarkDotNet's own default) and without
#         (--noForcedGCs true, which the server benchmarks have by default), alternating, twice each.
#   grpcforced: the same on gRPC's large GET, unary and as a server stream, both batch sizes; besides each process's
#         time per call, its first and last five iterations, so that a process that slows as it runs can be seen.
#   smalljit: the small GET's latency with tiered compilation as the runtime has it and off in every process
#         (DOTNET_TieredCompilation=0: optimized code from the first call), alternating, twice each: short headlines on
#         the small GET's arms (3 trials) and BenchmarkDotNet's small-GET cases in three processes each (--launchCount 3),
#         each process's median per call printed: whether what the JIT has compiled sets BenchmarkDotNet's gRPC level.
#   afterh2load: BenchmarkDotNet's gRPC small call and unary large GET (two processes per case and batch size) against
#         servers just started, then against the same servers after h2load has saturated them for 10 s on each call (as
#         the default run's h2load check does before BenchmarkDotNet), and, as the control, after 20 s idle instead;
#         alternating, twice each; the servers are started here and given to the bench by URL: whether what h2load
#         leaves in the gRPC server, or only the minutes, sets BenchmarkDotNet's gRPC level.
#   pilot: BenchmarkDotNet's small GET by REST + JSON and gRPC (batches of 200, two processes per case) with each
#         iteration's batches counted by BenchmarkDotNet's pilot stage, from the process's first timed batches (its
#         default), and fixed at 128 batches (--invocationCount 128, what the pilot gives REST's small calls), beside a short
#         headline on the same two arms (3 trials); three rounds, the order alternating; prints each process's median
#         per call and its batches per iteration: whether gRPC's slower small call in BenchmarkDotNet follows how few
#         calls its pilot left it to time, so soon after the process started.
#   settle: BenchmarkDotNet's small GET by REST + JSON and gRPC and its large GET by REST + protobuf and gRPC unary (both
#         batch sizes), each process settling the JIT on its case by the trials' rule before BenchmarkDotNet's stages
#         (--benchmark-settle on, the default) and going straight to them (off), beside a short headline on the same arms
#         (3 trials); three rounds, the order alternating; prints each process's median per call and its batches per
#         iteration, and what each settling pass compiled: whether BenchmarkDotNet's gRPC figures follow the settling.
#   iterationtime: BenchmarkDotNet's small GET by REST + JSON and gRPC (batches of 200, two processes per case), every
#         process settled, with iterations of 250 ms (the bench's bound) and of 500 ms (BenchmarkDotNet's default),
#         alternating, twice each; prints each process's median per call and its batches per iteration: whether the
#         shorter iterations move a case's time per call.
#   turns: REST's large GET and POSTs in the trials with every other arm taking turns in the same process (the default)
#         and each alone in its trial processes (--arms), beside BenchmarkDotNet's time for the same calls, which runs
#         one arm per process; short headline runs (3 trials), twice, the order reversed in the second round.
#   tiering: the same calls (and gRPC's large GET and POST beside them) in the trials (--arms) and in BenchmarkDotNet,
#         with the runtime's tiered compilation (its default: a fresh process starts on quickly compiled code and
#         recompiles what runs hot) and without it in every process (DOTNET_TieredCompilation=0: optimized code from the
#         first call), alternating, twice each; prints the trials' time per call and BenchmarkDotNet's.
#   streamlevels: gRPC's large GET, unary and as a stream, beside REST + JSON's (--arms), in short headlines of nine
#         trial processes each (load mode's check in one process), with the JIT's dynamic profile-guided optimization as
#         the runtime has it and off in every process (DOTNET_TieredPGO=0), alternating, twice each; prints each trial
#         process's calls/s at each concurrency: whether a process's level at 16 in flight follows what its JIT saw.
#   alone: the small GET's latency in trial processes that hold every arm's client and take turns over every arm (the
#         default) and in processes that hold REST + JSON's and gRPC's small-GET clients alone (--arms), as a
#         BenchmarkDotNet process and the trial beside it hold one; short headlines with five trials, alternating,
#         twice each; prints each trial process's time per call.
#   onearm: gRPC's small GET alone in its trial processes (--arms small/grpc), with its throughput windows at 32 and 64
#         in flight (the default) and at one call in flight (--in-flight small=1), so that the process makes only
#         one-at-a-time gRPC calls, as a BenchmarkDotNet process does; short headlines with nine trials, alternating,
#         twice each; prints each trial process's time per call.
#   priority: the small GET's REST + JSON and gRPC arms in trial processes (--arms) at the default scheduling priority and
#         raised as BenchmarkDotNet raises its benchmark processes' (nice -n -11; needs root), against servers started
#         here at the default, so only the client processes change; short headlines with nine trials, alternating,
#         twice each; prints each trial process's time per call.
#   bdnpriority: BenchmarkDotNet's small GET (REST + JSON and gRPC) in four processes per case (--launchCount 4), its
#         benchmark processes at the priority BenchmarkDotNet raises them to (nice -11, as root) and at the default (the
#         bench run without CAP_SYS_NICE: setpriv --bounding-set -sys_nice, so BenchmarkDotNet's raise is refused, as it
#         is for a user without the right to raise it); alternating, twice each; prints each process's median per call.
#   smalllevels: BenchmarkDotNet's small GET in four processes per case (--launchCount 4), three ways one after
#         another: as the default run has it, with the client's socket completions inline (--client-completions inline),
#         and with every process at the same addresses (setarch -R: no address-space randomization, the servers and
#         BenchmarkDotNet's processes inheriting it); prints each process's median per call: whether a process's level
#         follows how its threads wake or where its code and data land.
#   aotpgo: the AOT servers' time and CPU per call against the JIT servers' (--suite aot, six trials), with the JIT's
#         dynamic profile-guided optimization as the runtime has it and off in every process (DOTNET_TieredPGO=0), so
#         the JIT servers' hot code is recompiled without what it saw at run time; alternating, twice each. The AOT
#         servers have no JIT, and every arm shares the same client, so the AOT/JIT ratios follow the JIT servers alone.
#   serverlevel: short headlines (six trials of 0.7 s, no load or h2load check), four against one RestAPI and GrpcAPI
#         started here once and kept for all four, four against a pair started here for each run, alternating; per
#         ratio, how far the runs' means spread beyond what their trials' spread gives (the run-level component), each
#         way: whether a pair of server processes moves every trial of a run together.
#   trialservers: the same short headlines on servers the bench starts, every trial against the pair the run started
#         (--trial-servers per-run) and each trial against a pair started for it (--trial-servers per-trial, the
#         default), alternating, four each; per ratio, the trials' spread and the run-level component each way.
#   congestion: short headlines of nine trial processes each, with the kernel's TCP congestion control as this host
#         has it (net.ipv4.tcp_congestion_control; not cubic) and cubic (Linux's default), alternating, twice each; needs
#         root, and restores the setting on exit; prints each trial process's large-GET calls/s at each concurrency with
#         the servers' CPU per call at 16 in flight, its small-GET time per call, load mode's check against the trials,
#         and BenchmarkDotNet's small GET in two processes per case, each process's median per call: whether a process's
#         level (the gRPC stream's, a small call's) follows its connections' congestion control.
#   clientjit: short headlines of nine trial processes each against a RestAPI and a GrpcAPI started here for each run
#         (tiered compilation as the runtime has it), the client's processes (the bench, its trial processes, load mode's
#         check) with tiered compilation as the runtime has it and off (DOTNET_TieredCompilation=0: each method compiled
#         once, optimized, and never again), alternating, twice each; prints how far each arm's trial processes spread,
#         each process's large-GET calls/s and small-GET time per call, and load mode's check against the trials:
#         whether a client process's level (the gRPC stream's, a small call's) follows what its JIT recompiled.
#   idlepoll: short headlines of nine trial processes each and BenchmarkDotNet's small GET in two processes per case,
#         with the CPUs' idle states as the machine has them (here a halt at once: haltpoll with no guest polling) and
#         held to polling by a zero latency request on /dev/cpu_dma_latency (as tuned's latency-performance profile
#         makes), alternating, twice each; needs root; prints how far each arm's trial processes spread, each process's
#         small-GET time per call, BenchmarkDotNet's, the servers' CPU per call by h2load and by the trials, and load
#         mode's check: whether a small call's level follows how the other CPU wakes.
#   serverthreads: short headlines of nine trial processes each and BenchmarkDotNet's small GET in two processes per
#         case, the servers' thread pools as the runtime runs them (workers added and retired by hill climbing) and fixed
#         at one worker thread each (--server-threads 1), alternating, twice each; prints how far each arm's trial
#         processes spread, how far a throughput window spreads within a process against between processes, each
#         process's large-GET calls/s with the servers' CPU per call, its small-GET time per call, BenchmarkDotNet's, and
#         load mode's check: whether a process's level follows how many workers its server runs on its one CPU.
#   clientthreads: BenchmarkDotNet's small GET by REST + JSON, 200 calls, six processes per arm against one server pair
#         started for each round (the servers keep the runtime's thread pool), the client's thread pool as the runtime
#         runs it (workers added and retired by hill climbing) and fixed at four workers in the bench and its benchmark
#         processes (DOTNET_ThreadPool_ForceMinWorkerThreads and ...MaxWorkerThreads=4), alternating, twice each; while
#         each benchmark process runs, its threads' and the REST server's scheduler counts are sampled from /proc, and
#         each process's time per call is printed beside what its threads did per call (CPU, time waiting to run,
#         timeslices): whether a process's level follows how its thread pool's workers share the client's one CPU.
#   socketnice: the same processes and counts, each benchmark process's and the REST server's socket engine thread
#         (".NET Sockets", the one that waits on epoll and hands each completion to the thread pool) at nice -15 and, as
#         the control, the same scan leaving it at 0, alternating, twice each (root): whether a process's level moves
#         with how its one CPU is shared, when an answer arrives, between that thread and the thread pool's workers.
#   beside: short headlines of six trial processes each (0.7 s per arm and quantity in four slices, as a result run), every
#         arm taking turns in each process as the trials have it, then REST + protobuf's large GET, the gRPC stream and
#         gRPC's POST each alone in its processes (--arms), as the trial beside a BenchmarkDotNet case had its one arm,
#         alone with every arm of the suite warmed and settled first (--warm-arms suite), and with its operation's arms
#         taking turns and no other operation (--arms with the operation's arms), as the trial beside now has it; twice;
#         prints each arm's time per call and socket thread CPU per call by trial process, and each way over every arm:
#         whether what the trial beside read above the trials follows its one arm, what it warmed, or its turns.
#   besideservers: quick runs with BenchmarkDotNet and three trials of 0.7 s per arm and quantity in four slices (the
#         trial beside each case timed as in a default run), the trial beside calling the run's servers, which had just
#         served the case, and a pair started for it (--beside-servers fresh), alternating, twice each; prints, per run and
#         compared arm, the trials' median, BenchmarkDotNet's, the trial beside's and their socket threads, and, each way,
#         on the large GETs and POSTs, the trial beside over the trials where BenchmarkDotNet agrees with them and over
#         BenchmarkDotNet (the same minute): whether its offset follows the servers it calls.
#   besideafter: default runs with the trial beside timed once per operation, as the last of its compared cases ends (up to
#         half a minute after the others), and once per compared case, as its own process ends (--beside-after case),
#         alternating, twice each; prints what besideservers prints: whether the trial beside reads with the trials or
#         with BenchmarkDotNet follows how long after its case it starts.
#   batchmean: three default runs (a run already in OUT_DIR/batchmean-N is read, not repeated); per run, how many arms'
#         BenchmarkDotNet time lies within 10 % of the trials' when that time is the largest batch's process alone and
#         when it is the mean of both batch sizes' processes (the summary's since 25cc7e8), and over the runs the standard
#         deviation of log(BenchmarkDotNet / trials) each way, within runs and between their means, beside what the
#         trials' median and one BenchmarkDotNet process contribute: whether the gap follows how many processes it rests on.
#   usage: scripts/method-gaps.sh spin|completions|loh|processes|slices|loadprocesses|loadminutes|levels|pause|ramp|loadclients|loadloop|operations|slicecollect|loadwindows|batchlength|servers|windows|forcedgc|grpcforced|smalljit|afterh2load|pilot|settle|iterationtime|turns|tiering|streamlevels|alone|onearm|priority|bdnpriority|smalllevels|aotpgo|serverlevel|trialservers|congestion|clientjit|idlepoll|serverthreads|clientthreads|socketnice|beside|besideservers|besideafter|batchmean [OUT_DIR]      (OUT_DIR default: a new temporary folder, kept)
#   needs: a Release build (dotnet build -c Release); spin also h2load (Debian: nghttp2-client); Linux
set -euo pipefail
cd "$(dirname "$0")/.."
experiment=${1:-}
case $experiment in spin|completions|loh|processes|slices|loadprocesses|loadminutes|levels|pause|ramp|loadclients|loadloop|operations|slicecollect|loadwindows|batchlength|servers|windows|forcedgc|grpcforced|smalljit|afterh2load|pilot|settle|iterationtime|turns|tiering|streamlevels|alone|onearm|priority|bdnpriority|smalllevels|aotpgo|serverlevel|trialservers|congestion|clientjit|idlepoll|serverthreads|clientthreads|socketnice|beside|besideservers|besideafter|batchmean) ;; *) echo "usage: scripts/method-gaps.sh spin|completions|loh|processes|slices|loadprocesses|loadminutes|levels|pause|ramp|loadclients|loadloop|operations|slicecollect|loadwindows|batchlength|servers|windows|forcedgc|grpcforced|smalljit|afterh2load|pilot|settle|iterationtime|turns|tiering|streamlevels|alone|onearm|priority|bdnpriority|smalllevels|aotpgo|serverlevel|trialservers|congestion|clientjit|idlepoll|serverthreads|clientthreads|socketnice|beside|besideservers|besideafter|batchmean [OUT_DIR]" >&2; exit 2 ;; esac
out=${2:-$(mktemp -d -t restvsgrpc-method-gaps-XXXX)}
mkdir -p "$out"
bench=RESTvsGRPC.Bench/bin/Release/net10.0/RESTvsGRPC.Bench.dll
[[ -f $bench ]] || { echo "method-gaps: $bench is missing: run dotnet build -c Release first" >&2; exit 2; }
command -v python3 >/dev/null || { echo "method-gaps: python3 is missing (it reads the runs' summary.json)" >&2; exit 2; }

# run NAME VARIABLE=VALUE|- ARGS...: one bench run into $out/NAME, with one environment variable set (or none).
run() {
  local name=$1 variable=$2; shift 2
  echo "method-gaps: $name ($variable) …" >&2
  if [[ $variable == - ]]; then dotnet "$bench" "$@" --artifacts "$out/$name" >"$out/$name.log" 2>&1
  else env "$variable" dotnet "$bench" "$@" --artifacts "$out/$name" >"$out/$name.log" 2>&1; fi
}

# load_against_trials FILE...: per arm, load mode's calls/s over the trials' at the same concurrency, and its ratio over
# theirs; where the trials kept them, the same with each call counted by its share of the window (prorated) beside.
load_against_trials() {
  python3 - "$@" <<'PYTHON'
import json, statistics, sys
def ratio_by_shares(trials, key, base):
    # Each trial's ratio from its best level by shares, as the headline's is from its best by completions.
    per = []
    for t in trials["trials"]:
        segments = {(s["operation"], s["arm"]): s for s in t["segments"]}
        best = lambda s: max(l.get("proratedCallsPerSecond") or 0 for l in s.get("levels") or [s])
        if key in segments and base in segments and best(segments[base]) > 0:
            per.append(best(segments[key]) / best(segments[base]))
    return statistics.median(per) if per else None
for path in sys.argv[1:]:
    trials = json.load(open(path))["trials"]
    own = {(h["operation"], h["arm"]): h["median"] for h in trials["headline"] if h["quantity"] == "throughput"}
    print(f"== {path}")
    agree = agree_shares = compared = 0
    for check in trials.get("load") or []:
        key = (check["operation"], check["arm"])
        # The trials' calls/s at the concurrency load mode ran the arm at (each trial's segment keeps every level it measured).
        levels = [level for t in trials["trials"] for s in t["segments"] if (s["operation"], s["arm"]) == key
                  for level in s.get("levels") or [s] if level["concurrency"] == check["concurrency"]]
        rate = statistics.median(level["callsPerSecond"] for level in levels)
        shares = [level["proratedCallsPerSecond"] for level in levels if level.get("proratedCallsPerSecond")]
        line = f"{key[0]:6} {key[1]:14} at {check['concurrency']:2}: calls/s load {check['callsPerSecond']:8.0f} / trials {rate:8.0f} = {check['callsPerSecond'] / rate:.2f}"
        if shares:
            line += f" (by shares {check['callsPerSecond'] / statistics.median(shares):.2f})"
        if check.get("ratio") and key in own:
            compared += 1
            agree += abs(check["ratio"] / own[key] - 1) <= 0.10
            line += f"  ratio load {check['ratio']:.2f} / trials {own[key]:.2f} = {check['ratio'] / own[key]:.2f}"
            if shares and (by_shares := ratio_by_shares(trials, key, (key[0], "rest-json"))):
                agree_shares += abs(check["ratio"] / by_shares - 1) <= 0.10
                line += f" (by shares {check['ratio'] / by_shares:.2f})"
        print(line)
    print(f"load mode's ratio within 10 % of the trials' on {agree} of {compared} arms" + (f" ({agree_shares} by shares)" if agree_shares else ""))
PYTHON
}

# show FILE...: each headline run's server CPU per call by h2load and by the trials, and each arm's latency by the trials.
show() {
  python3 - "$@" <<'PYTHON'
import json, statistics, sys
for path in sys.argv[1:]:
    run = json.load(open(path))
    trials = run["trials"]
    print(f"== {path}")
    for check in trials.get("h2load") or []:
        if check.get("targetRequestsPerSecond") and check.get("serverCpuNanosecondsPerCall"):
            own, outside = check["trialsServerCpuNanosecondsPerCall"], check["serverCpuNanosecondsPerCall"]
            print(f"server CPU per call  {check['operation']:6} {check['arm']:14} h2load {outside / 1000:8.2f} us  trials {own / 1000:8.2f} us  {outside / own - 1:+.0%}")
    latency = {}
    for trial in trials["trials"]:
        for segment in trial["segments"]:
            latency.setdefault((segment["operation"], segment["arm"]), []).append(segment["latencyNanosecondsPerCall"])
    for (operation, arm), values in sorted(latency.items()):
        print(f"latency per call     {operation:6} {arm:14} trials {statistics.median(values) / 1000:8.1f} us")
PYTHON
}

# per_call FILE...: each BenchmarkDotNet case's time per call, as the run's summary.json has it.
per_call() {
  python3 - "$@" <<'PYTHON'
import json, sys
for path in sys.argv[1:]:
    print(f"== {path}")
    for case in json.load(open(path))["benchmarks"]:
        print(f"{case['operation']:6} {case['arm']:14} batch {case['callsPerBatch']:3}: {case['nanosecondsPerCall'] / 1000:8.1f} us per call")
PYTHON
}

# drift LOG...: each BenchmarkDotNet case's time per call over its first and its last five measured iterations, from its log.
drift() {
  python3 - "$@" <<'PYTHON'
import re, statistics, sys
for path in sys.argv[1:]:
    times, case = {}, None
    for line in open(path):
        if line.startswith("// Benchmark: "):
            m = re.match(r"// Benchmark: TransportBenchmarks\.(\w+): .*\[Calls=(\d+)\]$", line.strip())
            case = (m.group(1), int(m.group(2))) if m else None
        elif case and (m := re.match(r"WorkloadActual\s+\d+: (\d+) op, ([\d.]+) ns", line)):
            times.setdefault(case, []).append(float(m.group(2)) / 1000 / int(m.group(1)) / case[1])
    print(f"== {path}")
    for (name, calls), values in times.items():
        print(f"{name:30} batch {calls:3}: first five {statistics.mean(values[:5]):7.1f} us, last five {statistics.mean(values[-5:]):7.1f} us per call")
PYTHON
}

# per_process LOG...: each BenchmarkDotNet case's median time per call in each of its processes, and how many batches
# each measured iteration of that process held (chosen by BenchmarkDotNet's pilot, or fixed by --invocationCount), from
# BenchmarkDotNet's logs.
per_process() {
  python3 - "$@" <<'PYTHON'
import re, statistics, sys
launches, case = {}, None
for path, line in ((path, line) for path in sys.argv[1:] for line in open(path)):
    if m := re.match(r"// Benchmark: (\w+)\.(\w+): .*?(?:\[Calls=(\d+)\])?$", line.strip()):
        case = (m.group(2), int(m.group(3))) if m.group(1) == "TransportBenchmarks" and m.group(3) else None
    elif case and (m := re.match(r"// Launch: (\d+) / \d+", line)):
        per_call = launches.setdefault(case, {}).setdefault((path, int(m.group(1))), [])
    elif case and (m := re.match(r"WorkloadActual\s+\d+: (\d+) op, [\d.]+ ns, ([\d.]+) (ns|us|μs|ms)/op", line)):
        scale = {"ns": 1e-3, "us": 1, "μs": 1, "ms": 1e3}[m.group(3)]
        per_call.append((int(m.group(1)), float(m.group(2)) * scale / case[1]))
for (name, calls), by_launch in launches.items():
    processes = [(statistics.median(t for _, t in v), v[-1][0]) for _, v in sorted(by_launch.items()) if v]
    print(f"{name:30} batch {calls:3}: median per call in each process {', '.join(f'{m:6.1f} us ({n} per iteration)' for m, n in processes)}")
PYTHON
}

# alone_against_every_arm EVERY_ARM_FILE FILE... [-- EVERY_ARM_FILE FILE...]: per round, each arm's time per call and
# socket thread CPU per call in each trial process (the medians after them) where its processes held every arm, then in
# each other run (named by its folder: alone, or alone with the suite warmed), and each over every arm.
alone_against_every_arm() {
  python3 - "$@" <<'PYTHON'
import json, re, statistics, sys
rounds = [[]]
for arg in sys.argv[1:]:
    if arg == "--": rounds.append([])
    else: rounds[-1].append(arg)
def segments(path):
    found = {}
    for segment in (s for t in json.load(open(path))["trials"]["trials"] for s in t["segments"]):
        found.setdefault((segment["operation"], segment["arm"]), []).append(segment)
    return found
median = lambda values: statistics.median(values) if values else float("nan")
def line(key, label, group):
    times = [s["latencyNanosecondsPerCall"] / 1000 for s in group]
    threads = [s["clientSocketThreadCpuNanosecondsPerCall"] / 1000 for s in group if s.get("clientSocketThreadCpuNanosecondsPerCall")]
    print(f"{key[0]:6} {key[1]:14} {label:10}: {' '.join(f'{v:7.1f}' for v in times)} us  median {median(times):7.1f} us, socket thread {median(threads):6.2f} us")
for number, (every, *others) in enumerate(rounds, 1):
    print(f"== round {number}")
    together, by_arm = segments(every), {}
    for path in others:
        label = re.search(r"beside-(\w+)-", path).group(1)
        for key, own in segments(path).items():
            by_arm.setdefault(key, []).append((label, own))
    for key, runs in sorted(by_arm.items()):
        line(key, "every arm", together.get(key, []))
        base = median([s["latencyNanosecondsPerCall"] for s in together.get(key, [])])
        for label, own in runs:
            line(key, label, own)
            print(f"{key[0]:6} {key[1]:14} {label} / every arm: {median([s['latencyNanosecondsPerCall'] for s in own]) / base:.2f}")
PYTHON
}

# small_per_process FILE...: each headline run's small-GET time per call in each trial process, per arm, and the median.
small_per_process() {
  python3 - "$@" <<'PYTHON'
import json, statistics, sys
for path in sys.argv[1:]:
    print(f"== {path}")
    values = {}
    for segment in (s for t in json.load(open(path))["trials"]["trials"] for s in t["segments"] if s["operation"] == "small"):
        values.setdefault(segment["arm"], []).append(segment["latencyNanosecondsPerCall"] / 1000)
    for arm, per_trial in values.items():
        print(f"small {arm:10} per trial process {' '.join(f'{v:6.1f}' for v in per_trial)} us  median {statistics.median(per_trial):6.1f} us")
PYTHON
}

# stream_per_process FILE...: each headline run's large-GET calls/s in each trial process at each concurrency, per arm, and
# the servers' CPU per call at 16 in flight: whether a process's level is the server's cost per call or the client's.
stream_per_process() {
  python3 - "$@" <<'PYTHON'
import json, sys
for path in sys.argv[1:]:
    trials = json.load(open(path))["trials"]["trials"]
    print(f"== {path}")
    for arm in ("rest-json", "grpc", "grpc-stream"):
        levels, cpu = {}, []
        for segment in (s for t in trials for s in t["segments"] if s["operation"] == "large" and s["arm"] == arm):
            for level in segment.get("levels") or [segment]:
                levels.setdefault(level["concurrency"], []).append(level["callsPerSecond"])
                if level["concurrency"] == 16 and level.get("serverCpuNanosecondsPerCall"):
                    cpu.append((level["callsPerSecond"], level["serverCpuNanosecondsPerCall"]))
        print(f"{arm:12} " + "  ".join(f"at {c:2}: {' '.join(f'{v:5.0f}' for v in sorted(values))}" for c, values in sorted(levels.items())))
        if cpu:  # servers given by URL (clientjit) leave the trials no server CPU to read
            print(f"{'':12} server CPU per call at 16, by calls/s: " + " ".join(f"{c / 1000:4.0f}" for _, c in sorted(cpu)) + " us")
PYTHON
}

# process_spread FILE...: per arm, how far its trial processes spread (the coefficient of variation over them) in time
# per call and in calls/s at each concurrency, and the median over the arms: how far one client process's level moves.
process_spread() {
  python3 - "$@" <<'PYTHON'
import json, statistics, sys
cv = lambda v: 100 * statistics.stdev(v) / statistics.mean(v)
for path in sys.argv[1:]:
    latency, rate = {}, {}
    for segment in (s for t in json.load(open(path))["trials"]["trials"] for s in t["segments"]):
        key = (segment["operation"], segment["arm"])
        latency.setdefault(key, []).append(segment["latencyNanosecondsPerCall"])
        for level in segment.get("levels") or [segment]:
            rate.setdefault(key + (level["concurrency"],), []).append(level["callsPerSecond"])
    print(f"== {path}")
    for key, values in sorted(latency.items()):
        rates = "  ".join(f"at {k[2]:2} {cv(v):4.1f} %" for k, v in sorted(rate.items()) if k[:2] == key)
        print(f"{key[0]:6} {key[1]:18} over trial processes: time per call {cv(values):4.1f} %  calls/s {rates}")
    print(f"median over the arms: time per call {statistics.median(cv(v) for v in latency.values()):.1f} %, calls/s {statistics.median(cv(v) for v in rate.values()):.1f} %")
PYTHON
}

# window_spread FILE...: per arm and concurrency, how far one throughput window's calls/s spreads from the next in the
# same trial process, and what the processes add beyond it (the variance of their means less the windows' share of it;
# standard deviations of the logarithm, in per cent): whether a level belongs to the process or to the moment.
window_spread() {
  python3 - "$@" <<'PYTHON'
import json, math, statistics, sys
for path in sys.argv[1:]:
    groups = {}
    for segment in (s for t in json.load(open(path))["trials"]["trials"] for s in t["segments"]):
        for level in segment.get("levels") or [segment]:
            if len(level.get("windows") or []) > 1:
                groups.setdefault((segment["operation"], segment["arm"], level["concurrency"]), []).append([math.log(w["callsPerSecond"]) for w in level["windows"]])
    print(f"== {path}")
    for (operation, arm, concurrency), processes in sorted(groups.items()):
        within = statistics.mean(statistics.variance(p) for p in processes)
        means = statistics.variance([statistics.mean(p) for p in processes])
        between = max(0.0, means - within / statistics.mean(len(p) for p in processes))
        print(f"{operation:6} {arm:18} at {concurrency:2}: window to window {100 * math.sqrt(within):5.1f} %  process to process {100 * math.sqrt(between):5.1f} %")
PYTHON
}

# run_level LABEL FILE... [-- LABEL FILE...]: per group of runs, how far each ratio's run medians spread beyond what
# their trials' spread gives (the run-level component: the variance of the runs' mean log ratios less the trials'
# variance over the trials per run), beside the trials' own spread; the median over the ratios, in per cent.
run_level() {
  python3 - "$@" <<'PYTHON'
import json, math, statistics, sys
groups, label = {}, None
for arg in sys.argv[1:]:
    if arg == "--": label = None
    elif label is None: label = arg; groups[label] = []
    else: groups[label].append(arg)
def per_trial(path):
    ratios = {}
    for trial in json.load(open(path))["trials"]["trials"]:
        seg = {(s["operation"], s["arm"]): s for s in trial["segments"]}
        for (operation, arm), s in seg.items():
            base = seg.get((operation, "rest-json"))
            if arm == "rest-json" or base is None: continue
            ratios.setdefault((operation, arm, "latency"), []).append(math.log(base["latencyNanosecondsPerCall"] / s["latencyNanosecondsPerCall"]))
            ratios.setdefault((operation, arm, "throughput"), []).append(math.log(s["callsPerSecond"] / base["callsPerSecond"]))
    return ratios
for label, paths in groups.items():
    runs = [per_trial(p) for p in paths]
    within, between, component = [], [], []
    for key in runs[0]:
        values = [run[key] for run in runs if key in run]
        w = statistics.mean(statistics.variance(v) for v in values)
        b = statistics.variance([statistics.mean(v) for v in values])
        n = statistics.mean(len(v) for v in values)
        within.append(math.sqrt(w)); between.append(math.sqrt(b)); component.append(math.sqrt(max(0.0, b - w / n)))
        print(f"{label:6} {key[0]:6} {key[1]:14} {key[2]:10} trials {100 * math.sqrt(w):5.1f} %  runs' means {100 * math.sqrt(b):5.1f} %  run level {100 * component[-1]:5.1f} %")
    print(f"{label}: {len(runs)} runs, median over {len(within)} ratios: trials {100 * statistics.median(within):.1f} %, runs' means {100 * statistics.median(between):.1f} %, run level {100 * statistics.median(component):.1f} % (root mean square {100 * math.sqrt(statistics.mean(c * c for c in component)):.1f} %)")
PYTHON
}

# beside_offsets FILE... [-- FILE...]: per run, each compared arm's trials' median time per call, BenchmarkDotNet's and
# the trial beside's, with their socket thread CPU per call; per group, on the large GETs and POSTs, the trial beside over
# the trials where BenchmarkDotNet agrees with them (the offset the summary states) and over BenchmarkDotNet (the same
# minute: its own offset without the minute's), ranges and medians over the group's runs, with the standard deviation of
# their logarithms and the median's standard error.
beside_offsets() {
  python3 - "$@" <<'PYTHON'
import json, math, statistics, sys
groups, current = [], []
for arg in sys.argv[1:] + ["--"]:
    if arg == "--":
        groups.append(current); current = []
    else:
        current.append(arg)
def us(value): return f"{value / 1000:7.1f}" if value else "      -"
def spread(values):
    # The median's standard error from the logarithms' standard deviation (1.2533 s/sqrt(n) for a normal sample).
    if not values: return "none"
    text = f"{min(values):.2f}-{max(values):.2f}, median {statistics.median(values):.2f} ({len(values)} arms"
    if len(values) < 2: return text + ")"
    sd = statistics.stdev(math.log(v) for v in values)
    return text + f"; sd of the logarithm {sd:.2f}, the median's standard error +-{math.exp(1.2533 * sd / math.sqrt(len(values))) - 1:.0%})"
for files in groups:
    over_trials, over_benchmark, fresh, per_case, after = [], [], False, False, []
    for path in files:
        results = json.load(open(path))
        print(f"== {path}")
        segments = [s for trial in results["trials"]["trials"] for s in trial["segments"]]
        for benchmark in results["benchmarks"]:
            beside = benchmark.get("adjacentTrialNanosecondsPerCall")
            if beside is None: continue
            fresh |= bool(benchmark.get("adjacentTrialFreshServers"))
            per_case |= bool(benchmark.get("adjacentTrialPerCase"))
            if benchmark.get("adjacentTrialSecondsAfterCase") is not None: after.append(benchmark["adjacentTrialSecondsAfterCase"])
            operation, arm, timed = benchmark["operation"], benchmark["arm"], benchmark["nanosecondsPerCall"]
            own = [s for s in segments if s["operation"] == operation and s["arm"] == arm]
            trials = statistics.median(s["latencyNanosecondsPerCall"] for s in own)
            socket = [s["clientSocketThreadCpuNanosecondsPerCall"] for s in own if s.get("clientSocketThreadCpuNanosecondsPerCall")]
            if operation != "small":
                over_benchmark.append(beside / timed)
                if abs(timed / trials - 1) <= 0.10: over_trials.append(beside / trials)
            print(f"{operation:6} {arm:14} us per call: trials {us(trials)}  BenchmarkDotNet {us(timed)}  beside {us(beside)}  beside/trials {beside / trials:5.2f}  beside/BenchmarkDotNet {beside / timed:5.2f}"
                  f"   socket thread: trials {us(statistics.median(socket) if socket else None)}  BenchmarkDotNet {us(benchmark.get('clientSocketThreadCpuNanosecondsPerCall'))}  beside {us(benchmark.get('adjacentTrialSocketThreadCpuNanosecondsPerCall'))}")
    servers = "a pair started for it" if fresh else "the run's servers"
    if after: servers += f", {'one per case' if per_case else 'one per operation'} {min(after):.0f}-{max(after):.0f} s after its case"
    print(f"trial beside, large GETs and POSTs, {servers}, {len(files)} runs: over the trials where BenchmarkDotNet agrees {spread(over_trials)}; over BenchmarkDotNet {spread(over_benchmark)}")
PYTHON
}

# servers_up / servers_down: RestAPI and GrpcAPI on free ports, pinned as the bench pins the servers it starts (the second
# half of the CPUs); the bench pins nothing for servers given by URL, so the runs get the first half with --client-cpus.
servers_up() {
  local half=$(( $(nproc) / 2 )) ports
  ports=($(python3 -c 'import socket
s=[socket.socket() for _ in range(3)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])'))
  DOTNET_TC_CallCountingDelayMs=0 taskset -c "$half-$(( $(nproc) - 1 ))" dotnet RestAPI/bin/Release/net10.0/RestAPI.dll --urls "http://127.0.0.1:${ports[0]}" --h2c "http://127.0.0.1:${ports[1]}" --tls https://127.0.0.1:0 >"$out/rest-server.log" 2>&1 &
  rest_pid=$!
  DOTNET_TC_CallCountingDelayMs=0 taskset -c "$half-$(( $(nproc) - 1 ))" dotnet GrpcAPI/bin/Release/net10.0/GrpcAPI.dll --urls "http://127.0.0.1:${ports[2]}" --tls https://127.0.0.1:0 --web http://127.0.0.1:0 >"$out/grpc-server.log" 2>&1 &
  grpc_pid=$!
  trap servers_down EXIT
  given=(--client-cpus "0-$(( half - 1 ))" --rest-url "http://127.0.0.1:${ports[0]}" --rest-h2c-url "http://127.0.0.1:${ports[1]}" --grpc-url "http://127.0.0.1:${ports[2]}")
  sleep 5
}
servers_down() { kill "$rest_pid" "$grpc_pid" 2>/dev/null; wait "$rest_pid" "$grpc_pid" 2>/dev/null; trap - EXIT; }

# sample_threads PORT FILE (in the background; it becomes the sampler's process): until killed, every 0.25 s, each
# thread of the running benchmark process and of the server listening on PORT (its /proc schedstat: CPU ns, ns waiting
# to run, timeslices) and the bytes, TCP segments and data segments that server has sent.
sample_threads() {
  exec python3 - "$@" <<'PYTHON'
import glob, json, subprocess, sys, time
port, path = sys.argv[1], sys.argv[2]
def pids(pattern):
    return [int(p) for p in subprocess.run(["pgrep", "-f", pattern], capture_output=True, text=True).stdout.split()]
def threads(pid):
    found = {}
    for task in glob.glob(f"/proc/{pid}/task/*"):
        try:
            cpu, wait, slices = map(int, open(task + "/schedstat").read().split())
            found[task.rsplit("/", 1)[1]] = (open(task + "/comm").read().strip(), cpu, wait, slices)
        except OSError:
            pass
    return found
def sent():
    # Bytes, TCP segments and data segments the server has sent on its open connections.
    listing = subprocess.run(["ss", "-tinH", "state", "established", f"( sport = :{port} )"], capture_output=True, text=True).stdout.split()
    return [sum(int(token.split(":")[1]) for token in listing if token.startswith(prefix)) for prefix in ("bytes_sent:", "segs_out:", "data_segs_out:")]
server = pids(f"RestAPI.dll.*:{port}")[:1]
with open(path, "w") as out:
    while True:
        client = pids("benchmarkName")
        if client and server:
            out.write(json.dumps({"t": time.time(), "pid": client[0], "client": threads(client[0]), "server": threads(server[0]), "sent": sent()}) + "\n")
            out.flush()
        time.sleep(0.25)
PYTHON
}

# nice_socket_threads NICE (in the background; it becomes the scanner's process): until killed, every 0.2 s, each new
# benchmark process's and RestAPI's ".NET Sockets" thread set to NICE (0 leaves it where it is: the same scan, no change).
nice_socket_threads() {
  exec python3 - "$@" <<'PYTHON'
import glob, os, subprocess, sys, time
nice, seen = int(sys.argv[1]), set()
while True:
    for pattern in ("benchmarkName", "RestAPI.dll"):
        for pid in subprocess.run(["pgrep", "-f", pattern], capture_output=True, text=True).stdout.split():
            for task in glob.glob(f"/proc/{pid}/task/*"):
                tid = int(task.rsplit("/", 1)[1])
                try:
                    if tid not in seen and open(task + "/comm").read().strip() == ".NET Sockets":
                        os.setpriority(os.PRIO_PROCESS, tid, nice)
                        seen.add(tid)
                except OSError:
                    pass
    time.sleep(0.2)
PYTHON
}

# threads_per_call FILE BYTES: per benchmark process, over the second half of its samples (its measured stages), the
# time per response, the server's TCP segments per response and, for the two busiest thread names, the CPU, the time waiting to run and the timeslices per response (BYTES each).
threads_per_call() {
  python3 - "$@" <<'PYTHON'
import collections, json, sys
path, size = sys.argv[1], float(sys.argv[2])
processes = collections.defaultdict(list)
for line in open(path):
    sample = json.loads(line)
    processes[sample["pid"]].append(sample)
for pid, samples in processes.items():
    if len(samples) < 8:
        continue
    first, last = samples[len(samples) // 2], samples[-2]
    responses = (last["sent"][0] - first["sent"][0]) / size
    if responses < 100:
        continue
    segments, data = ((last["sent"][i] - first["sent"][i]) / responses for i in (1, 2))
    print(f"process {pid}: {(last['t'] - first['t']) / responses * 1e6:5.1f} us per response; the server's TCP segments per response {segments:.3f} ({data:.3f} with data)")
    for side in ("client", "server"):
        by_name = collections.defaultdict(lambda: [0, 0.0, 0.0, 0.0])
        for tid, (name, cpu, wait, slices) in last[side].items():
            _, cpu0, wait0, slices0 = first[side].get(tid, (name, 0, 0, 0))
            if slices > slices0:
                row = by_name[name]
                row[0] += 1; row[1] += (cpu - cpu0) / responses / 1e3; row[2] += (wait - wait0) / responses / 1e3; row[3] += (slices - slices0) / responses
        busiest = sorted(by_name.items(), key=lambda item: -item[1][1])[:2]
        print(f"  {side:6} " + "; ".join(f"{name} x{n}: cpu {cpu:.1f} us, waiting {wait:.1f} us, {slices:.2f} timeslices" for name, (n, cpu, wait, slices) in busiest))
PYTHON
}

# batch_mean FILE...: each run's latency check by the largest batch's process and by both batch processes' mean, and
# the spread of log(BenchmarkDotNet / trials) over the runs each way, split into within runs and between their means.
batch_mean() {
  python3 - "$@" <<'PYTHON'
import json, math, statistics, sys
ways = {"largest batch": [], "mean of both": []}
median_errors, process_gaps = [], []
for path in sys.argv[1:]:
    run = json.load(open(path))
    trials = (run.get("trials") or {}).get("trials") or []
    cases = [b for b in run["benchmarks"] if b["suite"] == "transport" and b.get("records") is None and b.get("arm")]
    logs = {way: [] for way in ways}
    for key in sorted({(b["operation"], b["arm"], b["method"]) for b in cases}):
        batches = sorted((b for b in cases if (b["operation"], b["arm"], b["method"]) == key), key=lambda b: b["callsPerBatch"])
        times = [math.log(s["latencyNanosecondsPerCall"]) for t in trials for s in t["segments"] if (s["operation"], s["arm"]) == key[:2] and s.get("latencyNanosecondsPerCall")]
        if len(batches) != 2 or len(times) < 2:
            continue
        median = statistics.median(math.exp(t) for t in times)
        logs["largest batch"].append(math.log(batches[-1]["nanosecondsPerCall"] / median))
        logs["mean of both"].append(math.log(statistics.mean(b["nanosecondsPerCall"] for b in batches) / median))
        median_errors.append(math.sqrt(math.pi / 2) * statistics.stdev(times) / math.sqrt(len(times)))
        process_gaps.append(math.log(batches[0]["nanosecondsPerCall"] / batches[1]["nanosecondsPerCall"]))
    print(f"== {path}: " + "; ".join(f"{way}: {sum(abs(math.exp(l) - 1) <= 0.10 for l in values)} of {len(values)} arms within 10 %" for way, values in logs.items()))
    for way, values in logs.items():
        if values:
            ways[way].append(values)
rms = lambda values: math.sqrt(statistics.mean(v * v for v in values))
for way, runs in ways.items():
    within = [v - statistics.mean(r) for r in runs for v in r]
    print(f"{way}: sd of log(BenchmarkDotNet / trials) {statistics.pstdev([v for r in runs for v in r]):.3f}, within runs {statistics.pstdev(within):.3f}, "
          f"between runs' means {statistics.pstdev([statistics.mean(r) for r in runs]):.3f} ({len(runs)} runs)")
print(f"the trials' median, standard error of its log {rms(median_errors):.3f}; one BenchmarkDotNet process, sd of its log {rms(process_gaps) / math.sqrt(2):.3f} "
      f"(from its two batch processes' difference); within a run they predict {math.hypot(rms(median_errors), rms(process_gaps) / math.sqrt(2)):.3f} by the largest batch, "
      f"{math.hypot(rms(median_errors), rms(process_gaps) / 2):.3f} by the mean of both")
PYTHON
}

case $experiment in
  servers)
    for round in 1 2; do
      servers_up
      run "fresh-$round" - "${given[@]}" --filter '*TransportBenchmarks.*GetSmallPayload*'
      run "headline-$round" - "${given[@]}" --headline --trials 3 --segment 0.35
      run "after-$round" - "${given[@]}" --filter '*TransportBenchmarks.*GetSmallPayload*'
      servers_down
    done
    per_call "$out"/fresh-1/results/summary.json "$out"/after-1/results/summary.json "$out"/fresh-2/results/summary.json "$out"/after-2/results/summary.json
    show "$out"/headline-1/headline/summary.json "$out"/headline-2/headline/summary.json ;;
  serverlevel)
    # The kept pair serves every kept run; each fresh run gets a pair of its own, so only the server processes differ.
    short=(--headline --quick --trials 6 --segment 0.7 --slices 4)
    servers_up; kept=("${given[@]}"); kept_pids=("$rest_pid" "$grpc_pid")
    stop_kept() { kill "${kept_pids[@]}" 2>/dev/null; wait "${kept_pids[@]}" 2>/dev/null || true; trap - EXIT; }
    trap stop_kept EXIT
    for round in 1 2 3 4; do
      order=(kept fresh); (( round % 2 )) || order=(fresh kept)
      for servers in "${order[@]}"; do
        if [[ $servers == kept ]]; then run "kept-$round" - "${kept[@]}" "${short[@]}"
        else servers_up; trap 'servers_down; stop_kept' EXIT; run "fresh-$round" - "${given[@]}" "${short[@]}"; servers_down; trap stop_kept EXIT; fi
      done
    done
    stop_kept
    run_level kept "$out"/kept-*/headline/summary.json -- fresh "$out"/fresh-*/headline/summary.json ;;
  trialservers)
    short=(--headline --quick --trials 6 --segment 0.7 --slices 4)
    for round in 1 2 3 4; do
      order=(per-run per-trial); (( round % 2 )) || order=(per-trial per-run)
      for servers in "${order[@]}"; do run "$servers-$round" - "${short[@]}" --trial-servers "$servers"; done
    done
    run_level per-run "$out"/per-run-*/headline/summary.json -- per-trial "$out"/per-trial-*/headline/summary.json ;;
  windows)
    for round in 1 2; do
      run "windows-default-$round" - --headline --trials 3 --segment 0.35
      run "windows-one-$round" - --headline --trials 3 --segment 0.35 --in-flight small=1,large=1,post=1
    done
    show "$out"/windows-default-1/headline/summary.json "$out"/windows-one-1/headline/summary.json "$out"/windows-default-2/headline/summary.json "$out"/windows-one-2/headline/summary.json ;;
  forcedgc)
    cases=('*TransportBenchmarks.RestGetLargePayload*' '*TransportBenchmarks.RestPostLargePayload*' '*TransportBenchmarks.RestProtobufPostLargePayload*' '*CodecBenchmarks.JsonLargePayload*' '*CodecBenchmarks.ProtobufLargePayload*')
    for round in 1 2; do
      run "forced-$round" - --filter "${cases[@]}" --forced-collections
      run "unforced-$round" - --filter "${cases[@]}" --noForcedGCs true
    done
    per_call "$out"/forced-1/results/summary.json "$out"/unforced-1/results/summary.json "$out"/forced-2/results/summary.json "$out"/unforced-2/results/summary.json ;;
  grpcforced)
    cases=('*TransportBenchmarks.GrpcGetLargePayloadAsList*' '*TransportBenchmarks.GrpcStreamLargePayload*')
    for round in 1 2; do
      run "grpc-unforced-$round" - --filter "${cases[@]}" --noForcedGCs true
      run "grpc-forced-$round" - --filter "${cases[@]}" --forced-collections
    done
    per_call "$out"/grpc-unforced-1/results/summary.json "$out"/grpc-forced-1/results/summary.json "$out"/grpc-unforced-2/results/summary.json "$out"/grpc-forced-2/results/summary.json
    drift "$out"/grpc-*/*.log ;;
  smalljit)
    for round in 1 2; do
      for tiered in 1 0; do
        run "smalljit-$tiered-trials-$round" "DOTNET_TieredCompilation=$tiered" --headline --trials 3 --segment 0.35 --arms small/rest-json,small/rest-protobuf,small/grpc
        run "smalljit-$tiered-benchmarkdotnet-$round" "DOTNET_TieredCompilation=$tiered" --filter '*TransportBenchmarks.*GetSmallPayload*' --launchCount 3
      done
    done
    for round in 1 2; do
      for tiered in 1 0; do
        echo "== tiered compilation $tiered, round $round"
        show "$out/smalljit-$tiered-trials-$round/headline/summary.json"
        per_process "$out/smalljit-$tiered-benchmarkdotnet-$round"/*.log
      done
    done ;;
  afterh2load)
    command -v h2load >/dev/null || { echo "method-gaps: h2load is missing (Debian: nghttp2-client)" >&2; exit 2; }
    cases=('*TransportBenchmarks.GrpcGetSmallPayload*' '*TransportBenchmarks.GrpcGetLargePayloadAsList*')
    printf '\0\0\0\0\0' >"$out/empty.grpc"
    for round in 1 2; do
      for between in h2load idle; do
        servers_up
        run "$between-fresh-$round" - "${given[@]}" --filter "${cases[@]}" --launchCount 2
        for call in GetVersion:32 GetLargePayloadAsList:16; do
          echo "method-gaps: $between for 10 s (h2load: ${call%:*} at ${call#*:} in flight) …" >&2
          if [[ $between == idle ]]; then sleep 10; continue; fi
          taskset -c "${given[1]}" h2load -c 1 -m "${call#*:}" -D 10 -H "content-type: application/grpc" -H "te: trailers" -d "$out/empty.grpc" \
            "${given[7]}/meteorites.v1.MeteoriteLandingsService/${call%:*}" >"$out/h2load-${call%:*}-$round.log" 2>&1
        done
        run "$between-after-$round" - "${given[@]}" --filter "${cases[@]}" --launchCount 2
        servers_down
      done
    done
    grep -h "^requests:" "$out"/h2load-*.log
    for round in 1 2; do
      for run in h2load-fresh h2load-after idle-fresh idle-after; do echo "== $run, round $round"; per_process "$out/$run-$round"/*.log; done
    done ;;
  pilot)
    cases=('*TransportBenchmarks.RestGetSmallPayload*' '*TransportBenchmarks.GrpcGetSmallPayload*')
    for round in 1 2 3; do
      order=(chosen fixed); (( round % 2 )) || order=(fixed chosen)
      run "pilot-trials-$round" - --headline --trials 3 --segment 0.35 --arms small/rest-json,small/grpc
      for count in "${order[@]}"; do
        fixed=(); [[ $count == fixed ]] && fixed=(--invocationCount 128)
        run "pilot-$count-$round" RESTVSGRPC_BATCH_SIZES=200 --filter "${cases[@]}" --launchCount 2 "${fixed[@]}"
      done
    done
    for round in 1 2 3; do
      show "$out/pilot-trials-$round/headline/summary.json"
      for count in chosen fixed; do echo "== batches per iteration $count, round $round"; per_process "$out/pilot-$count-$round"/*.log; done
    done ;;
  settle)
    cases=('*TransportBenchmarks.RestGetSmallPayload*' '*TransportBenchmarks.GrpcGetSmallPayload*' '*TransportBenchmarks.RestProtobufGetLargePayload*' '*TransportBenchmarks.GrpcGetLargePayloadAsList*')
    for round in 1 2 3; do
      order=(off on); (( round % 2 )) || order=(on off)
      run "settle-trials-$round" - --headline --trials 3 --segment 0.35 --arms small/rest-json,small/grpc,large/rest-json,large/rest-protobuf,large/grpc
      for settle in "${order[@]}"; do run "settle-$settle-$round" - --filter "${cases[@]}" --benchmark-settle "$settle"; done
    done
    for round in 1 2 3; do
      show "$out/settle-trials-$round/headline/summary.json"
      for settle in off on; do
        echo "== settle $settle, round $round"
        per_process "$out/settle-$settle-$round"/*.log
        grep -h "^// settled the JIT" "$out/settle-$settle-$round"/*.log || true
      done
    done ;;
  iterationtime)
    cases=('*TransportBenchmarks.RestGetSmallPayload*' '*TransportBenchmarks.GrpcGetSmallPayload*')
    for round in 1 2; do
      order=(250 500); (( round % 2 )) || order=(500 250)
      for ms in "${order[@]}"; do
        run "iterationtime-$ms-$round" RESTVSGRPC_BATCH_SIZES=200 --filter "${cases[@]}" --launchCount 2 --iterationTime "$ms" --warmupCount 3 --minIterationCount 5 --maxIterationCount 15
      done
    done
    for round in 1 2; do
      for ms in 250 500; do echo "== iterations of $ms ms, round $round"; per_process "$out/iterationtime-$ms-$round"/*.log; done
    done ;;
  turns)
    cases=('*TransportBenchmarks.RestGetLargePayload*' '*TransportBenchmarks.RestPostLargePayload*' '*TransportBenchmarks.RestProtobufPostLargePayload*')
    alone=(large/rest-json post/rest-json post/rest-protobuf)
    for round in 1 2; do
      [[ $round == 1 ]] && run "turns-all-$round" - --headline --trials 3 --segment 0.35
      for arm in "${alone[@]}"; do run "turns-${arm/\//-}-$round" - --headline --trials 3 --segment 0.35 --arms "$arm"; done
      [[ $round == 2 ]] && run "turns-all-$round" - --headline --trials 3 --segment 0.35
      run "turns-benchmarkdotnet-$round" - --filter "${cases[@]}"
    done
    for round in 1 2; do
      show "$out/turns-all-$round/headline/summary.json" "$out/turns-large-rest-json-$round/headline/summary.json" "$out/turns-post-rest-json-$round/headline/summary.json" "$out/turns-post-rest-protobuf-$round/headline/summary.json"
      per_call "$out/turns-benchmarkdotnet-$round/results/summary.json"
    done ;;
  aotpgo)
    for round in 1 2; do
      for setting in DOTNET_TieredPGO=1 DOTNET_TieredPGO=0; do
        run "aotpgo-${setting#*=}-$round" "$setting" --suite aot --trials 6
      done
    done
    python3 - "$out"/aotpgo-*/aot/summary.json <<'PYTHON'
import json, statistics, sys
for path in sys.argv[1:]:
    trials = json.load(open(path))["aotTrials"]
    print(f"== {path}")
    for ratio in trials["headline"]:
        if ratio["arm"].endswith("-aot") and not ratio["baseline"].endswith("-aot"):
            print(f"AOT over JIT  {ratio['operation']:6} {ratio['quantity']:10} {ratio['arm']:17} {ratio['median']:5.2f}x [{ratio['low']:.2f}, {ratio['high']:.2f}]")
    cpu = {}
    for trial in trials["trials"]:
        for segment in trial["segments"]:
            if segment.get("serverCpuNanosecondsPerCall") is not None:
                cpu.setdefault((segment["operation"], segment["arm"]), []).append(segment["serverCpuNanosecondsPerCall"])
    for (operation, arm), values in sorted(cpu.items()):
        print(f"server CPU per call  {operation:6} {arm:17} {statistics.median(values) / 1000:9.1f} us")
PYTHON
    ;;
  smalllevels)
    command -v setarch >/dev/null || { echo "method-gaps: setarch is missing (Debian: util-linux)" >&2; exit 2; }
    cases=('*TransportBenchmarks.*GetSmallPayload*')
    run smalllevels-default - --filter "${cases[@]}" --launchCount 4
    run smalllevels-inline - --filter "${cases[@]}" --launchCount 4 --client-completions inline
    echo "method-gaps: smalllevels-fixed-addresses (setarch -R) …" >&2
    setarch "$(uname -m)" -R dotnet "$bench" --filter "${cases[@]}" --launchCount 4 --artifacts "$out/smalllevels-fixed-addresses" >"$out/smalllevels-fixed-addresses.log" 2>&1
    for name in default inline fixed-addresses; do echo "== $name"; per_process "$out/smalllevels-$name"/*.log; done ;;
  priority)
    servers_up
    for round in 1 2; do
      run "priority-normal-$round" - "${given[@]}" --headline --trials 9 --segment 0.35 --arms small/rest-json,small/grpc
      echo "method-gaps: priority-raised-$round (nice -n -11) …" >&2
      nice -n -11 dotnet "$bench" "${given[@]}" --headline --trials 9 --segment 0.35 --arms small/rest-json,small/grpc --artifacts "$out/priority-raised-$round" >"$out/priority-raised-$round.log" 2>&1
    done
    servers_down
    small_per_process "$out"/priority-normal-1/headline/summary.json "$out"/priority-raised-1/headline/summary.json "$out"/priority-normal-2/headline/summary.json "$out"/priority-raised-2/headline/summary.json
    ;;
  bdnpriority)
    command -v setpriv >/dev/null || { echo "method-gaps: setpriv is missing (Debian: util-linux)" >&2; exit 2; }
    [[ $(id -u) == 0 ]] || { echo "method-gaps: bdnpriority needs root (BenchmarkDotNet raises its processes only as root)" >&2; exit 2; }
    cases=('*TransportBenchmarks.RestGetSmallPayload*' '*TransportBenchmarks.GrpcGetSmallPayload*')
    for round in 1 2; do
      run "bdnpriority-raised-$round" - --filter "${cases[@]}" --launchCount 4
      echo "method-gaps: bdnpriority-default-$round (setpriv --bounding-set -sys_nice) …" >&2
      setpriv --bounding-set -sys_nice dotnet "$bench" --filter "${cases[@]}" --launchCount 4 --artifacts "$out/bdnpriority-default-$round" >"$out/bdnpriority-default-$round.log" 2>&1
      # BenchmarkDotNet logs each raise it was refused: every default process, no raised one, or the switch did not take.
      ! grep -q "Failed to set up high priority" "$out/bdnpriority-raised-$round.log" || { echo "method-gaps: bdnpriority-raised-$round was refused the raise" >&2; exit 1; }
      grep -q "Failed to set up high priority" "$out/bdnpriority-default-$round.log" || { echo "method-gaps: bdnpriority-default-$round was raised: setpriv did not take" >&2; exit 1; }
    done
    for name in raised-1 default-1 raised-2 default-2; do echo "== $name"; per_process "$out/bdnpriority-$name"/*.log; done ;;
  beside)
    short=(--headline --quick --trials 6 --segment 0.7 --slices 4)
    alone=(large/rest-protobuf large/grpc-stream post/grpc)
    for round in 1 2; do
      run "beside-every-arm-$round" - "${short[@]}"
      for arm in "${alone[@]}"; do
        run "beside-alone-${arm/\//-}-$round" - "${short[@]}" --arms "$arm"
        run "beside-warmed-${arm/\//-}-$round" - "${short[@]}" --arms "$arm" --warm-arms suite
      done
      run "beside-operation-large-$round" - "${short[@]}" --arms large/rest-json,large/rest-protobuf,large/grpc,large/grpc-stream
      run "beside-operation-post-$round" - "${short[@]}" --arms post/rest-json,post/rest-protobuf,post/grpc
    done
    alone_against_every_arm "$out"/beside-every-arm-1/headline/summary.json "$out"/beside-{alone,warmed,operation}-*-1/headline/summary.json \
      -- "$out"/beside-every-arm-2/headline/summary.json "$out"/beside-{alone,warmed,operation}-*-2/headline/summary.json ;;
  besideafter)
    for round in 1 2; do
      order=(operation case); (( round % 2 )) || order=(case operation)
      for after in "${order[@]}"; do
        run "besideafter-$after-$round" - --beside-after "$after"
      done
    done
    beside_offsets "$out"/besideafter-operation-{1,2}/results/summary.json -- "$out"/besideafter-case-{1,2}/results/summary.json ;;
  batchmean)
    for round in 1 2 3; do
      [[ -f $out/batchmean-$round/results/summary.json ]] || run "batchmean-$round" -
    done
    batch_mean "$out"/batchmean-{1,2,3}/results/summary.json ;;
  besideservers)
    for round in 1 2; do
      order=(run fresh); (( round % 2 )) || order=(fresh run)
      for servers in "${order[@]}"; do
        run "besideservers-$servers-$round" - --quick --trials 3 --segment 0.7 --slices 4 --beside-servers "$servers"
      done
    done
    beside_offsets "$out"/besideservers-run-{1,2}/results/summary.json -- "$out"/besideservers-fresh-{1,2}/results/summary.json ;;
  onearm)
    for round in 1 2; do
      run "onearm-windows-$round" - --headline --trials 9 --segment 0.35 --arms small/grpc
      run "onearm-one-in-flight-$round" - --headline --trials 9 --segment 0.35 --arms small/grpc --in-flight small=1
    done
    small_per_process "$out"/onearm-windows-1/headline/summary.json "$out"/onearm-one-in-flight-1/headline/summary.json "$out"/onearm-windows-2/headline/summary.json "$out"/onearm-one-in-flight-2/headline/summary.json
    ;;
  alone)
    for round in 1 2; do
      run "alone-every-arm-$round" - --headline --trials 5 --segment 0.35
      run "alone-small-$round" - --headline --trials 5 --segment 0.35 --arms small/rest-json,small/grpc
    done
    small_per_process "$out"/alone-every-arm-1/headline/summary.json "$out"/alone-small-1/headline/summary.json "$out"/alone-every-arm-2/headline/summary.json "$out"/alone-small-2/headline/summary.json
    ;;
  streamlevels)
    for round in 1 2; do
      for setting in DOTNET_TieredPGO=1 DOTNET_TieredPGO=0; do
        run "streamlevels-pgo${setting#*=}-$round" "$setting" --headline --trials 9 --segment 0.35 --load-processes 1 --arms large/rest-json,large/grpc,large/grpc-stream
      done
    done
    stream_per_process "$out"/streamlevels-pgo*/headline/summary.json ;;
  congestion)
    # The kernel's TCP congestion control applies to connections opened after it is set: every run opens its own.
    own=$(sysctl -n net.ipv4.tcp_congestion_control)
    [[ $own != cubic ]] || { echo "method-gaps: congestion compares this host's TCP congestion control with cubic, and it is cubic already" >&2; exit 2; }
    trap 'sysctl -q -w net.ipv4.tcp_congestion_control="$own"' EXIT
    for round in 1 2; do
      for control in "$own" cubic; do
        sysctl -q -w net.ipv4.tcp_congestion_control="$control"
        run "congestion-$control-$round" - --headline --trials 9 --segment 0.35
        run "congestion-$control-benchmarkdotnet-$round" - --filter '*TransportBenchmarks.*GetSmallPayload*' --launchCount 2
      done
    done
    sysctl -q -w net.ipv4.tcp_congestion_control="$own"; trap - EXIT
    files=("$out"/congestion-"$own"-1/headline/summary.json "$out"/congestion-cubic-1/headline/summary.json "$out"/congestion-"$own"-2/headline/summary.json "$out"/congestion-cubic-2/headline/summary.json)
    stream_per_process "${files[@]}"
    small_per_process "${files[@]}"
    for name in "$own-1" cubic-1 "$own-2" cubic-2; do echo "== BenchmarkDotNet, $name"; per_process "$out/congestion-${name%-*}-benchmarkdotnet-${name##*-}"/*.log; done
    load_against_trials "$out"/congestion-*/headline/summary.json ;;
  idlepoll)
    # A zero latency request keeps every CPU out of its idle states while the file stays open: an idle CPU then polls
    # instead of halting, so a wake-up from the other CPU needs no interrupt to bring it back.
    [[ -w /dev/cpu_dma_latency ]] || { echo "method-gaps: idlepoll needs root (it writes /dev/cpu_dma_latency)" >&2; exit 2; }
    for round in 1 2; do
      for idle in states poll; do
        if [[ $idle == poll ]]; then
          ( exec 3>/dev/cpu_dma_latency; printf '\0\0\0\0' >&3; exec sleep infinity ) &
          holder=$!; trap 'kill "$holder"' EXIT
        fi
        run "idlepoll-$idle-$round" - --headline --trials 9 --segment 0.35
        run "idlepoll-$idle-benchmarkdotnet-$round" - --filter '*TransportBenchmarks.*GetSmallPayload*' --launchCount 2
        if [[ $idle == poll ]]; then kill "$holder"; wait "$holder" 2>/dev/null || true; trap - EXIT; fi
      done
    done
    files=("$out"/idlepoll-states-1/headline/summary.json "$out"/idlepoll-poll-1/headline/summary.json "$out"/idlepoll-states-2/headline/summary.json "$out"/idlepoll-poll-2/headline/summary.json)
    process_spread "${files[@]}"
    small_per_process "${files[@]}"
    for name in states-1 poll-1 states-2 poll-2; do echo "== BenchmarkDotNet, $name"; per_process "$out/idlepoll-${name%-*}-benchmarkdotnet-${name##*-}"/*.log; done
    show "${files[@]}"
    load_against_trials "${files[@]}" ;;
  clientthreads|socketnice)
    [[ $experiment == clientthreads ]] && arms=(runtime 4) || arms=(raised default)
    for round in 1 2; do
      servers_up
      port=${given[3]##*:}
      # The bytes of one answer on the wire: its headers, then its body in one chunk and the closing chunk.
      headers=$(curl -s -D - -o /dev/null "${given[3]}/api/MeteoriteLandings" | wc -c)
      body=$(curl -s "${given[3]}/api/MeteoriteLandings" | wc -c)
      size=$(( headers + $(printf '%x' "$body" | wc -c) + 2 + body + 2 + 5 ))
      order=("${arms[@]}"); (( round % 2 )) || order=("${arms[1]}" "${arms[0]}")
      for arm in "${order[@]}"; do
        name="$experiment-$arm-$round"
        sample_threads "$port" "$out/$name.threads" & sampler=$!
        case $experiment:$arm in
          clientthreads:runtime) run "$name" RESTVSGRPC_BATCH_SIZES=200 "${given[@]}" --filter '*TransportBenchmarks.RestGetSmallPayload' --launchCount 6 ;;
          clientthreads:*) DOTNET_ThreadPool_ForceMinWorkerThreads=$arm DOTNET_ThreadPool_ForceMaxWorkerThreads=$arm run "$name" RESTVSGRPC_BATCH_SIZES=200 "${given[@]}" --filter '*TransportBenchmarks.RestGetSmallPayload' --launchCount 6 ;;
          socketnice:*)
            nice_socket_threads "$([[ $arm == raised ]] && echo -15 || echo 0)" & scanner=$!
            run "$name" RESTVSGRPC_BATCH_SIZES=200 "${given[@]}" --filter '*TransportBenchmarks.RestGetSmallPayload' --launchCount 6
            kill "$scanner"; wait "$scanner" 2>/dev/null || true ;;
        esac
        kill "$sampler"; wait "$sampler" 2>/dev/null || true
      done
      servers_down
    done
    for round in 1 2; do
      for arm in "${arms[@]}"; do
        echo "== $experiment $arm, round $round"
        per_process "$out/$experiment-$arm-$round"/*.log
        threads_per_call "$out/$experiment-$arm-$round.threads" "$size"
      done
    done ;;
  serverthreads)
    for round in 1 2; do
      for threads in runtime 1; do
        fixed=(); [[ $threads == runtime ]] || fixed=(--server-threads "$threads")
        run "serverthreads-$threads-$round" - "${fixed[@]}" --headline --trials 9 --segment 0.35
        run "serverthreads-$threads-benchmarkdotnet-$round" - "${fixed[@]}" --filter '*TransportBenchmarks.*GetSmallPayload*' --launchCount 2
      done
    done
    files=("$out"/serverthreads-runtime-1/headline/summary.json "$out"/serverthreads-1-1/headline/summary.json "$out"/serverthreads-runtime-2/headline/summary.json "$out"/serverthreads-1-2/headline/summary.json)
    process_spread "${files[@]}"
    window_spread "${files[@]}"
    stream_per_process "${files[@]}"
    small_per_process "${files[@]}"
    for name in runtime-1 1-1 runtime-2 1-2; do echo "== BenchmarkDotNet, $name"; per_process "$out/serverthreads-${name%-*}-benchmarkdotnet-${name##*-}"/*.log; done
    load_against_trials "${files[@]}" ;;
  clientjit)
    for round in 1 2; do
      for setting in DOTNET_TieredCompilation=1 DOTNET_TieredCompilation=0; do
        servers_up
        run "clientjit-${setting#*=}-$round" "$setting" "${given[@]}" --headline --trials 9 --segment 0.35
        servers_down
      done
    done
    files=("$out"/clientjit-1-1/headline/summary.json "$out"/clientjit-0-1/headline/summary.json "$out"/clientjit-1-2/headline/summary.json "$out"/clientjit-0-2/headline/summary.json)
    process_spread "${files[@]}"
    stream_per_process "${files[@]}"
    small_per_process "${files[@]}"
    load_against_trials "${files[@]}" ;;
  tiering)
    cases=('*TransportBenchmarks.RestGetLargePayload*' '*TransportBenchmarks.GrpcGetLargePayload*' '*TransportBenchmarks.RestPostLargePayload*' '*TransportBenchmarks.RestProtobufPostLargePayload*' '*TransportBenchmarks.GrpcPostLargePayload*')
    arms=large/rest-json,large/grpc,post/rest-json,post/rest-protobuf,post/grpc
    for round in 1 2; do
      for setting in DOTNET_TieredCompilation=1 DOTNET_TieredCompilation=0; do
        run "tiering-${setting#*=}-trials-$round" "$setting" --headline --trials 3 --segment 0.35 --arms "$arms"
        run "tiering-${setting#*=}-benchmarkdotnet-$round" "$setting" --filter "${cases[@]}"
      done
    done
    for round in 1 2; do
      for tiered in 1 0; do
        show "$out/tiering-$tiered-trials-$round/headline/summary.json"
        per_call "$out/tiering-$tiered-benchmarkdotnet-$round/results/summary.json"
      done
    done ;;
  spin)
    command -v h2load >/dev/null || { echo "method-gaps: h2load is missing (apt-get install nghttp2-client)" >&2; exit 2; }
    run spin-on - --headline --trials 3 --segment 0.35
    run spin-off DOTNET_ThreadPool_UnfairSemaphoreSpinLimit=0 --headline --trials 3 --segment 0.35
    show "$out"/spin-on/headline/summary.json "$out"/spin-off/headline/summary.json ;;
  completions)
    command -v h2load >/dev/null || { echo "method-gaps: h2load is missing (apt-get install nghttp2-client)" >&2; exit 2; }
    for round in 1 2; do
      run "completions-thread-pool-$round" - --headline --trials 3 --segment 0.35
      run "completions-inline-$round" - --headline --trials 3 --segment 0.35 --client-completions inline
    done
    show "$out"/completions-thread-pool-1/headline/summary.json "$out"/completions-inline-1/headline/summary.json "$out"/completions-thread-pool-2/headline/summary.json "$out"/completions-inline-2/headline/summary.json ;;
  loh)
    run loh-default - --filter '*TransportBenchmarks*LargePayload*'
    run loh-default-trials - --headline --trials 3 --segment 0.35
    run loh-1mib DOTNET_GCLOHThreshold=0x100000 --filter '*TransportBenchmarks*LargePayload*'
    run loh-1mib-trials DOTNET_GCLOHThreshold=0x100000 --headline --trials 3 --segment 0.35
    echo "BenchmarkDotNet (large-object threshold as the runtime has it, then 1 MiB):"
    grep -h -E '^\| (Rest|Grpc)' "$out"/loh-default/results/*Transport*-report-github.md "$out"/loh-1mib/results/*Transport*-report-github.md | cut -d'|' -f2,4,8,11,12,13
    show "$out"/loh-default-trials/headline/summary.json "$out"/loh-1mib-trials/headline/summary.json ;;
  processes)
    run processes - --filter '*TransportBenchmarks.*GetSmallPayload*' '*TransportBenchmarks.RestProtobufGetLargePayload*' '*TransportBenchmarks.GrpcGetLargePayloadAsList*' --launchCount 3
    per_process "$out"/processes/*.log ;;
  batchlength)
    run batchlength RESTVSGRPC_BATCH_SIZES=25,100,400 --filter '*TransportBenchmarks.RestProtobufPostLargePayload*' '*TransportBenchmarks.GrpcPostLargePayload*' --launchCount 2
    per_process "$out"/batchlength/*.log ;;
  slices)
    for round in 1 2; do
      run "slices-1-$round" - --headline --slices 1 --load-processes 1 --load-windows 9
      run "slices-4-$round" - --headline --slices 4 --load-processes 1 --load-windows 9
    done
    load_against_trials "$out"/slices-*/headline/summary.json
    ;;
  pause)
    for round in 1 2; do
      run "pause-0-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --slice-pause 0
      run "pause-0.2-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --slice-pause 0.2
    done
    load_against_trials "$out"/pause-*/headline/summary.json
    ;;
  ramp)
    for round in 1 2; do
      run "ramp-default-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --arms large/rest-json,large/rest-protobuf,large/grpc,large/grpc-stream
      run "ramp-1s-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --arms large/rest-json,large/rest-protobuf,large/grpc,large/grpc-stream --ramp 1
    done
    load_against_trials "$out"/ramp-*/headline/summary.json
    ;;
  loadclients)
    for round in 1 2; do
      run "loadclients-per-window-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --load-clients per-window
      run "loadclients-per-process-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --load-clients per-process
    done
    load_against_trials "$out"/loadclients-*/headline/summary.json
    ;;
  loadloop)
    for round in 1 2; do
      run "loadloop-load-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --load-loop load
      run "loadloop-trials-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --load-loop trials
    done
    load_against_trials "$out"/loadloop-*/headline/summary.json
    ;;
  operations)
    for round in 1 2; do
      run "operations-every-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9
      run "operations-large-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --arms large/rest-json,large/rest-protobuf,large/grpc,large/grpc-stream
    done
    load_against_trials "$out"/operations-*/headline/summary.json
    ;;
  slicecollect)
    for round in 1 2; do
      run "slicecollect-off-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --slice-collect off
      run "slicecollect-on-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9 --slice-collect on
    done
    load_against_trials "$out"/slicecollect-*/headline/summary.json
    ;;
  loadwindows)
    for round in 1 2; do
      run "loadwindows-18-$round" - --headline --load-processes 1 --load-windows 18
    done
    python3 - "$out"/loadwindows-*/headline/summary.json <<'PYTHON'
import json, math, statistics, sys
def pooled(groups):
    # The standard deviation of the logarithms pooled over the arms, as SamplingAllowance.PooledLogSpread has it.
    squares = freedom = 0
    for group in groups:
        logs = [math.log(v) for v in group]
        mean = statistics.fmean(logs)
        squares += sum((l - mean) ** 2 for l in logs)
        freedom += len(logs) - 1
    return math.sqrt(squares / freedom)
error = lambda spread, count: math.sqrt(math.pi / 2) * spread / math.sqrt(count)
totals = {}
for path in sys.argv[1:]:
    trials = json.load(open(path))["trials"]
    own = {(h["operation"], h["arm"]): h for h in trials["headline"] if h["quantity"] == "throughput"}
    checks = [c for c in trials.get("load") or [] if c.get("roundRatios") and (c["operation"], c["arm"]) in own]
    per_trial = {}
    for trial in trials["trials"]:
        rate = {(s["operation"], s["arm"]): s["callsPerSecond"] for s in trial["segments"]}
        for key in own:
            if key in rate and (key[0], "rest-json") in rate:
                per_trial.setdefault(key, []).append(rate[key] / rate[(key[0], "rest-json")])
    rounds = min(len(c["roundRatios"]) for c in checks)
    trial_spread = pooled(per_trial[(c["operation"], c["arm"])] for c in checks)
    print(f"== {path}: {len(checks)} arms, {rounds} rounds; one trial's ratio varies {math.exp(trial_spread) - 1:.1%}")
    for count in sorted({3, 9, rounds}):
        groups = [range(start, start + count) for start in range(0, rounds - count + 1, count)]
        within = inside = 0
        for group in groups:
            subsets = [[c["roundRatios"][i] for i in group] for c in checks]
            spread = pooled(subsets)
            for check, subset in zip(checks, subsets):
                head = own[(check["operation"], check["arm"])]
                load = statistics.median(subset)
                allowance = 2 * math.hypot(error(spread, count), error(trial_spread, head["trials"]))
                agrees = abs(load / head["median"] - 1) <= 0.10
                within += agrees
                inside += agrees or abs(math.log(load / head["median"])) <= allowance
        compared = len(groups) * len(checks)
        totals.setdefault(count, [0, 0, 0])
        totals[count] = [a + b for a, b in zip(totals[count], (within, inside, compared))]
        print(f"{count:2} rounds ({len(groups)} disjoint sets): within 10 % on {within} of {compared} arm-sets, within 10 % or what sampling allows on {inside}")
for count, (within, inside, compared) in sorted(totals.items()):
    print(f"all runs, {count:2} rounds: within 10 % on {within} of {compared} ({within / compared:.0%}), within 10 % or sampling on {inside} ({inside / compared:.0%})")
PYTHON
    ;;
  loadprocesses|loadminutes)
    for round in 1 2; do
      if [[ $experiment == loadprocesses ]]; then
        run "load-one-process-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9
      fi
      run "load-nine-processes-$round" - --headline --trials 9 --segment 0.35 --load-processes 9 --load-windows 1
      if [[ $experiment == loadminutes ]]; then
        run "load-between-trials-$round" - --headline --trials 9 --segment 0.35 --load-between-trials --load-windows 1
      fi
    done
    python3 - "$out"/load-*/headline/summary.json <<'PYTHON'
import json, statistics, sys
for path in sys.argv[1:]:
    trials = json.load(open(path))["trials"]
    own = {(h["operation"], h["arm"]): h["median"] for h in trials["headline"] if h["quantity"] == "throughput"}
    within = lambda ratio, key: abs(ratio / own[key] - 1) <= 0.10
    threes = nines = inside = compared = 0
    print(f"== {path}")
    for check in trials.get("load") or []:
        key, rounds = (check["operation"], check["arm"]), check.get("roundRatios") or []
        if key not in own or len(rounds) < 9:
            continue
        per_trial = []
        for trial in trials["trials"]:
            rate = {(s["operation"], s["arm"]): s["callsPerSecond"] for s in trial["segments"]}
            if key in rate and (key[0], "rest-json") in rate:
                per_trial.append(rate[key] / rate[(key[0], "rest-json")])
        by_three = [statistics.median(rounds[i:i + 3]) for i in range(0, 9, 3)]
        nine = statistics.median(rounds)
        compared += 1
        threes += sum(within(r, key) for r in by_three)
        nines += within(nine, key)
        inside += min(per_trial) <= nine <= max(per_trial)
        print(f"{key[0]:6} {key[1]:14} trials {own[key]:.2f} [per trial {min(per_trial):.2f} - {max(per_trial):.2f}]  load {nine:.2f}  its rounds {min(rounds):.2f} - {max(rounds):.2f}  each three {', '.join(f'{r:.2f}' for r in by_three)}")
    first = (trials.get("load") or [{}])[0]
    where = "one after each trial" if first.get("betweenTrials") else "after the trials"
    print(f"{first.get('processes') or 1} process(es) {where}: the load ratio within 10 % of the trials' on {nines} of {compared} arms, inside the trials' per-trial range on {inside} of {compared}; three rounds in turn within 10 % on {threes} of {3 * compared}")
PYTHON
    ;;
  levels)
    for round in 1 2 3; do
      run "levels-$round" - --headline --trials 9 --segment 0.35 --load-processes 1 --load-windows 9
    done
    python3 - "$out"/levels-*/headline/summary.json <<'PYTHON'
import json, math, statistics, sys
offsets = {}
for path in sys.argv[1:]:
    trials = json.load(open(path))["trials"]
    chosen = {(c["operation"], c["arm"]): c["concurrency"] for c in trials["concurrency"]}
    def rate(segment, way):
        levels = segment.get("levels") or [segment]
        if way == "best":
            return max(level["callsPerSecond"] for level in levels)
        return next(level["callsPerSecond"] for level in levels if level["concurrency"] == chosen[(segment["operation"], segment["arm"])])
    def ratio(key, way):
        per_trial = []
        for trial in trials["trials"]:
            segments = {(s["operation"], s["arm"]): s for s in trial["segments"]}
            if key in segments and (key[0], "rest-json") in segments:
                per_trial.append(rate(segments[key], way) / rate(segments[(key[0], "rest-json")], way))
        return statistics.median(per_trial)
    agree = {"chosen": 0, "best": 0}
    compared = 0
    print(f"== {path}")
    for check in trials.get("load") or []:
        key = (check["operation"], check["arm"])
        if check.get("ratio") is None:
            continue
        compared += 1
        ways = {way: ratio(key, way) for way in agree}
        for way, own in ways.items():
            agree[way] += abs(check["ratio"] / own - 1) <= 0.10
            offsets.setdefault((key, way), []).append(math.log(check["ratio"] / own))
        print(f"{key[0]:6} {key[1]:14} at {chosen[key]:2} in flight: trials {ways['chosen']:.2f} (each trial's best {ways['best']:.2f})  load {check['ratio']:.2f}")
    print(f"load mode within 10 % of the trials on {agree['chosen']} of {compared} arms at the run's concurrency, {agree['best']} of {compared} at each trial's best")
print("== load over trials, geometric mean over the runs, per arm: at the run's concurrency / at each trial's best")
for key in sorted({key for key, _ in offsets}):
    both = [math.exp(statistics.mean(offsets[(key, way)])) for way in ("chosen", "best")]
    print(f"{key[0]:6} {key[1]:14} {both[0]:.3f} / {both[1]:.3f}")
PYTHON
    ;;
esac
echo "method-gaps: the runs are in $out" >&2
