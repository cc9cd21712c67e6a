module example.com/contractgen/runtime

go 1.19

require github.com/dlclark/regexp2 v1.11.5
