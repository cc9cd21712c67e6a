module contractgen.bench/stream

go 1.19

require example.com/contractgen/runtime v0.0.0

replace example.com/contractgen/runtime => ../../../runtime/go
