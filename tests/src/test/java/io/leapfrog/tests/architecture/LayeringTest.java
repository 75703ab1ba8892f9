package io.leapfrog.tests.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The engine's layers, as the modules and packages hold them:
 * <pre>
 *   parser (ast, check) -> planner (plan, Datalog translation, Calcite, SQL) -> executor SPI (join, storage, io)
 *                                                            executor SPI <- GPU executor (exec.gpu)
 *   the kernels' generated layout (kernels.layout) is read by the executor SPI (value programs) and the GPU executor
 *   engine (evaluation, the library API) uses all of them; the cli uses the engine
 * </pre>
 * Each rule fails when a class crosses a layer the wrong way, or when packages depend on each other in a cycle.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.leapfrog");
    }

    @Test
    void layersAreCrossedOnlyDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("common").definedBy("io.leapfrog.common..")
                .layer("parser").definedBy("io.leapfrog.ast..", "io.leapfrog.parser..", "io.leapfrog.check..")
                .layer("kernel layout").definedBy("io.leapfrog.kernels..")
                .layer("executor SPI").definedBy("io.leapfrog.exec.join..", "io.leapfrog.exec.storage..", "io.leapfrog.exec.io..")
                .layer("GPU executor").definedBy("io.leapfrog.exec.gpu..")
                .layer("planner").definedBy("io.leapfrog.plan..", "io.leapfrog.planner..")
                .layer("engine").definedBy("io.leapfrog.engine..")
                .layer("cli").definedBy("io.leapfrog.cli..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("engine").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("planner").mayOnlyBeAccessedByLayers("engine", "cli")
                .whereLayer("GPU executor").mayOnlyBeAccessedByLayers("engine", "cli")
                .whereLayer("executor SPI").mayOnlyBeAccessedByLayers("GPU executor", "planner", "engine", "cli")
                .whereLayer("kernel layout").mayOnlyBeAccessedByLayers("executor SPI", "GPU executor")
                .whereLayer("parser").mayOnlyBeAccessedByLayers("planner", "engine", "cli")
                .check(classes);
    }

    /**
     * The cli reaches the GPU only through the engine (cancel, options): its flags (EngineFlags, with the
     * converter of --gpu-strategy) build the engine's GPU options.
     */
    @Test
    void theCliUsesTheGpuOnlyThroughTheEngine() {
        noClasses().that().resideInAPackage("io.leapfrog.cli..").and().doNotHaveSimpleName("EngineFlags")
                .and().doNotHaveFullyQualifiedName("io.leapfrog.cli.FlagValues$GpuStrategy")
                .should().dependOnClassesThat().resideInAPackage("io.leapfrog.exec..")
                .check(classes);
        noClasses().that().haveFullyQualifiedName("io.leapfrog.cli.FlagValues$GpuStrategy")
                .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("io.leapfrog.exec..")
                        .and(DescribedPredicate.not(JavaClass.Predicates.simpleName("Strategy"))))
                .check(classes);
        DescribedPredicate<JavaClass> gpuOptions = JavaClass.Predicates.simpleName("GpuOptions")
                .or(JavaClass.Predicates.simpleName("Strategy"));
        noClasses().that().haveSimpleName("EngineFlags")
                .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("io.leapfrog.exec..")
                        .and(DescribedPredicate.not(gpuOptions)))
                .check(classes);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("io.leapfrog.(**)").should().beFreeOfCycles().check(classes);
    }
}
