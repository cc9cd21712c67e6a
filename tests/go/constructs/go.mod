module contractgen.test/constructs

go 1.19

require example.com/contract v0.0.0

// The case's complete output is generated into the build folder (tests/fresh);
// go_constructs checks a copy of this folder whose replace names that place.
replace example.com/contract => ../../../build/tests/fresh/out/tests/golden/constructs/expected/go
