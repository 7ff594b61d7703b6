#include "weighted_generator.hpp"

#include <vector>

namespace xbemu::random_program {

InstructionGroup generate_weighted(GenerationContext& context,
                                   std::span<const WeightedGenerator> generators) {
    std::vector<unsigned> weights;
    weights.reserve(generators.size());
    for (const WeightedGenerator& generator : generators) {
        weights.push_back(generator.weight);
    }
    return generators[context.random().weighted_index(weights)].generate(context);
}

} // namespace xbemu::random_program
