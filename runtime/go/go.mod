module example.com/contractgen/runtime

go 1.19
