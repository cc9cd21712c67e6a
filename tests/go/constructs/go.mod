module contractgen.test/constructs

go 1.19

require example.com/contract v0.0.0

replace example.com/contract => ../../golden/constructs/expected/go
