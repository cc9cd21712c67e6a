module contractgen.bench/decode

go 1.19

require github.com/contractgen/contract/generated/go v0.0.0

replace github.com/contractgen/contract/generated/go => ../../../generated/go
