module contractgen.test/clients

go 1.19

require github.com/contractgen/contract/generated/go v0.0.0

replace github.com/contractgen/contract/generated/go => ../../../generated/go
