package io.leapfrog.check;

import io.leapfrog.ast.Directive;
import io.leapfrog.ast.RelationDecl;

import java.util.List;

/**
 * What the checker knows about one declared relation. {@code inputs}/{@code outputs} hold the
 * explicit {@code .input}/{@code .output} directives, plus one parameterless directive (at the
 * declaration's position) when the declaration carries the {@code input}/{@code output} qualifier
 * and no explicit directive exists, so that the engine needs to look only at these lists.
 */
public record RelationInfo(RelationDecl decl,
                           List<BaseType> columnTypes,
                           boolean isInput,
                           boolean isOutput,
                           boolean isPrintSize,
                           List<Directive> inputs,
                           List<Directive> outputs) {
    public String name() {
        return decl.name();
    }

    public int arity() {
        return decl.arity();
    }
}
